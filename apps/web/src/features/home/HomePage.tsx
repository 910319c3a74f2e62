import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, welcomeListener, type Playlist, type Song } from '@samaa/shared';
import { CATALOGUE_KEY, SEARCH_RESULTS_KEY, useCataloguePages } from '../catalogue';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { AsyncList, type ListState } from '../../components/AsyncList';
import type { QueryKey } from '@tanstack/react-query';
import { SongRow } from '../../components/SongRow';
import { SearchPanel } from '../../components/SearchPanel';
import { VirtualSongList } from '../../components/VirtualSongList';
import './HomePage.css';

/**
 * SPEC §2 "/ and /home": every song (virtualised, read page by page as it scrolls), the welcome
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

  // `list` names the list the song was played from: the player queues that list's page.
  const playFrom = useCallback(
    (list: QueryKey) => (song: Song) => navigate('/player', { state: { songId: song._id, list } }),
    [navigate],
  );
  const playSong = useMemo(() => playFrom(CATALOGUE_KEY), [playFrom]);
  const playSearchResult = useMemo(() => playFrom(SEARCH_RESULTS_KEY), [playFrom]);
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
              renderRow={(song) => <SongRow song={song} onPlay={playSong} playlists={playlists} />}
            />
          )}
        </AsyncList>
      </section>
      <SearchPanel onPlaySong={playSearchResult} onPlayPlaylist={playPlaylist} playlists={playlists} />
    </div>
  );
}
