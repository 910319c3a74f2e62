import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BROWSE_MESSAGES, errorLine, type ArtistCard, type ArtistIndexPage } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { ErrorAlert } from '../../components/AsyncList';
import { Loading } from '../../components/Loading';
import { pageKey } from '../../components/usePagedList';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { fetchArtists } from './api';
import { Cover, countLabel } from './Cover';
import { ARTIST_PAGE_SIZE, BROWSE_KEY, useArtistIndex } from './queries';
import './browse.css';

const ROW_HEIGHT = 64;
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];
const INDEX_KEY = [...BROWSE_KEY, 'artists'];
const artistKey = (artist: ArtistCard) => artist.id;

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
  const list = useRef<VirtualListHandle>(null);
  const shown = useRef({ first: 0, last: 0 });
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const { showRows } = index;
  const rowsShown = useCallback(
    (from: number, to: number) => {
      shown.current = { first: from, last: to };
      showRows(from, to);
    },
    [showRows],
  );

  function jump(offset: number) {
    list.current?.scrollToIndex(offset);
    // The letter's page is asked for at once, not after the scroll reports its new rows.
    showRows(offset, offset + Math.max(0, shown.current.last - shown.current.first));
    setFocusAt(offset);
  }

  if (index.error) return <ErrorAlert message={errorLine(errorMessage(index.error, BROWSE_MESSAGES.artistsFailed))} />;
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
          <VirtualList
            ref={list}
            className="vlist artist-list"
            count={index.total}
            itemAt={index.itemAt}
            itemKey={artistKey}
            rowHeight={ROW_HEIGHT}
            label={BROWSE_MESSAGES.artists}
            loadingText={BROWSE_MESSAGES.loading}
            onRowsShown={rowsShown}
            renderRow={(artist, at) => <ArtistRow artist={artist} focus={focusAt === at} />}
          />
        </>
      )}
    </div>
  );
}
