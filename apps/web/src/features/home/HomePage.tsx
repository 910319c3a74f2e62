import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, welcomeListener, type Playlist } from '@samaa/shared';
import { SONG_PAGE_SIZE, useCataloguePages } from '../catalogue';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SongRow } from '../../components/SongRow';
import { useStartPlayback } from '../player';
import { SearchPanel } from './SearchPanel';
import { SongActions } from '../songActions';
import { songLinks } from '../browse';
import { VirtualSongList } from '../../components/VirtualSongList';
import './HomePage.css';

/**
 * Home (/ and /home): every song (virtualised, read page by page as it scrolls), the welcome
 * line and the search panel.
 */
export default function HomePage() {
  const navigate = useNavigate();
  const user = getStoredUser();
  const catalogue = useCataloguePages();
  const { data: playlists } = useOwnPlaylists();
  useListenerToken();
  useLikedIds(); // loaded once here for every heart on the page

  useEffect(() => {
    if (catalogue.error) console.error(MESSAGES.songsLoadFailed, catalogue.error);
  }, [catalogue.error]);

  // AsyncList needs only the count here: the rows come from the pages as they scroll in.
  const total = catalogue.total;
  const songs: ListState<null> =
    total !== undefined
      ? { status: 'ready', items: total > 0 ? [null] : [] }
      : catalogue.error
        ? { status: 'error', message: MESSAGES.songsLoadFailedHome }
        : { status: 'loading' };

  const startPlayback = useStartPlayback();
  // A row plays the page it is on; the pages after it follow as the queue nears its end.
  const playRow = (index: number) => {
    const at = catalogue.pageAt(index);
    if (!at || total === undefined) return;
    startPlayback(at.items, at.index, { kind: 'catalogue', page: at.page, pageSize: SONG_PAGE_SIZE, total });
  };
  const playPlaylist = useCallback(
    (playlist: Playlist) => navigate('/player', { state: { source: 'samma', id: playlist._id } }),
    [navigate],
  );

  return (
    <div className="home">
      <section className="home__main" aria-labelledby="home-title">
        <h1 id="home-title">{welcomeListener(user?.name ?? 'listener')}</h1>
        <p className="home__sub">
          {total ? `All songs · ${total.toLocaleString('en')}` : 'All songs'}
        </p>
        <AsyncList state={songs} empty={MESSAGES.noSongsYet}>
          {() => (
            <VirtualSongList
              count={total ?? 0}
              songAt={catalogue.itemAt}
              onRowsShown={catalogue.showRows}
              label="All songs"
              renderRow={(song, index) => (
                <SongRow song={song} onPlay={() => playRow(index)} links={songLinks(song)} actions={<SongActions song={song} playlists={playlists} />} />
              )}
            />
          )}
        </AsyncList>
      </section>
      <SearchPanel onPlaySong={startPlayback} onPlayPlaylist={playPlaylist} playlists={playlists} />
    </div>
  );
}
