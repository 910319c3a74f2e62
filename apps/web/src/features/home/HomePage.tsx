import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, welcomeListener, type Playlist, type Song } from '@samaa/shared';
import { useCatalogue } from '../catalogue';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SongRow } from '../../components/SongRow';
import { SearchPanel } from '../../components/SearchPanel';
import { VirtualSongList } from '../../components/VirtualSongList';
import './HomePage.css';

/** SPEC §2 "/ and /home": every song (virtualised), the welcome line and the search panel. */
export default function HomePage() {
  const navigate = useNavigate();
  const user = getStoredUser();
  const catalogue = useCatalogue();
  const { data: playlists } = useOwnPlaylists();
  useListenerToken();
  useLikedIds(); // loaded once here for every heart on the page

  useEffect(() => {
    if (catalogue.error) console.error(MESSAGES.songsLoadFailed, catalogue.error);
  }, [catalogue.error]);

  const songs: ListState<Song> = catalogue.data
    ? { status: 'ready', items: catalogue.data }
    : catalogue.error
      ? { status: 'error', message: MESSAGES.songsLoadFailedHome }
      : { status: 'loading' };

  const playSong = useCallback(
    (song: Song) => navigate('/player', { state: { songId: song._id } }),
    [navigate],
  );
  const playPlaylist = useCallback(
    (playlist: Playlist) => navigate('/player', { state: { source: 'samma', id: playlist._id } }),
    [navigate],
  );

  return (
    <div className="home">
      <section className="home__main" aria-labelledby="home-title">
        <h1 id="home-title">{welcomeListener(user?.name ?? 'listener')}</h1>
        <p className="home__sub">
          {songs.status === 'ready' && songs.items.length > 0
            ? `All songs · ${songs.items.length.toLocaleString('en')}`
            : 'All songs'}
        </p>
        <AsyncList state={songs} empty={MESSAGES.noSongsYet}>
          {(items) => (
            <VirtualSongList
              songs={items}
              label="All songs"
              renderRow={(song) => <SongRow song={song} onPlay={playSong} playlists={playlists} />}
            />
          )}
        </AsyncList>
      </section>
      <SearchPanel onPlaySong={playSong} onPlayPlaylist={playPlaylist} playlists={playlists} />
    </div>
  );
}
