import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { BROWSE_MESSAGES, errorLine, type ArtistCard, type ArtistIndexPage } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { Loading } from '../../components/Loading';
import { pageKey } from '../../components/usePagedList';
import { fetchArtists } from './api';
import { Cover, countLabel } from './Cover';
import { ARTIST_PAGE_SIZE, BROWSE_KEY, useArtistIndex } from './queries';
import './browse.css';

const ROW_HEIGHT = 64;
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];
const INDEX_KEY = [...BROWSE_KEY, 'artists'];

function ArtistRow({ artist, focus }: { artist: ArtistCard; focus: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);
  return (
    <div className="artist-row">
      <Cover image={artist.image} name={artist.name} cssPx={48} className="artist-row__cover" />
      <Link ref={link} to={`/artists/${artist.id}`} className="artist-row__name">
        {artist.name}
      </Link>
      <span className="artist-row__counts">
        {countLabel(artist.albumCount, 'album')} · {countLabel(artist.songCount, 'song')}
      </span>
    </div>
  );
}

/**
 * /artists: the A–Z index, virtualised and read by the pages in view. A letter jumps to where the
 * server says it starts, reading only that page, never the whole index.
 */
export default function ArtistsPage() {
  const index = useArtistIndex();
  // The first page, shared with the list's cache, says where each letter starts.
  const first = useQuery({ queryKey: pageKey(INDEX_KEY, ARTIST_PAGE_SIZE, 1), queryFn: () => fetchArtists(1, ARTIST_PAGE_SIZE) }, queryClient);
  const letters = (first.data as ArtistIndexPage | undefined)?.letters ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const count = index.total ?? 0;
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items[items.length - 1]?.index ?? 0;
  const { showRows } = index;
  useEffect(() => {
    if (count > 0) showRows(firstRow, lastRow);
  }, [firstRow, lastRow, count, showRows]);

  function jump(offset: number) {
    virtualizer.scrollToIndex(offset, { align: 'start' });
    // The letter's page is asked for at once, not after the scroll reports its new rows.
    showRows(offset, offset + Math.max(0, lastRow - firstRow));
    setFocusAt(offset);
  }

  if (index.error) {
    return (
      <p className="alert alert--error" role="alert">
        {errorLine(errorMessage(index.error, BROWSE_MESSAGES.artistsFailed))}
      </p>
    );
  }
  return (
    <div className="browse">
      <header className="browse__header">
        <h1>{BROWSE_MESSAGES.artists}</h1>
        {index.total !== undefined && <p className="browse__sub">{countLabel(index.total, 'artist')}</p>}
      </header>
      {index.total === undefined ? (
        <Loading />
      ) : index.total === 0 ? (
        <p className="empty-state">{BROWSE_MESSAGES.noArtists}</p>
      ) : (
        <>
          <nav className="letters" aria-label={BROWSE_MESSAGES.jumpToLetter}>
            {LETTERS.map((letter) => {
              const at = letters.find((entry) => entry.letter === letter);
              return (
                <button key={letter} type="button" className="letters__letter" disabled={!at} onClick={() => at && jump(at.offset)} aria-label={`${BROWSE_MESSAGES.jumpToLetter} ${letter}`}>
                  {letter}
                </button>
              );
            })}
          </nav>
          <div className="vlist artist-list" ref={scroller} role="list" aria-label={BROWSE_MESSAGES.artists} tabIndex={-1}>
            <div className="vlist__inner" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const artist = index.itemAt(item.index);
                return (
                  <div
                    key={item.key}
                    role="listitem"
                    aria-setsize={count}
                    aria-posinset={item.index + 1}
                    aria-busy={artist ? undefined : true}
                    className="vlist__row"
                    style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                  >
                    {artist ? <ArtistRow artist={artist} focus={focusAt === item.index} /> : BROWSE_MESSAGES.loading}
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
