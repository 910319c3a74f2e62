import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, welcomeListener, type Playlist, type Song } from '@samaa/shared';
import {
  fetchLikedSongIds,
  fetchSongs,
  fetchUserPlaylists,
  hasUserToken,
} from '../../api/catalogue';
import { getStoredUser } from '../../session/session';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SongRow } from '../../components/SongRow';
import { SearchPanel } from '../../components/SearchPanel';
import { VirtualSongList } from '../../components/VirtualSongList';
import './HomePage.css';

/** SPEC §2 "/ and /home": every song (virtualised), the welcome line and the search panel. */
export default function HomePage() {
  const navigate = useNavigate();
  const user = getStoredUser();
  const [songs, setSongs] = useState<ListState<Song>>({ status: 'loading' });
  const [likedIds, setLikedIds] = useState<ReadonlySet<string>>(new Set());
  const [playlists, setPlaylists] = useState<Playlist[] | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchSongs()
      .then((list) => live && setSongs({ status: 'ready', items: list }))
      .catch((error) => {
        console.error(MESSAGES.songsLoadFailed, error);
        if (live) setSongs({ status: 'error', message: MESSAGES.songsLoadFailedHome });
      });
    if (hasUserToken()) {
      fetchLikedSongIds()
        .then((ids) => live && setLikedIds(new Set(ids)))
        .catch((error) => console.error('Could not load liked songs', error));
      fetchUserPlaylists()
        .then((list) => live && setPlaylists(list))
        .catch((error) => {
          console.error(MESSAGES.userPlaylistsFailed, error);
          if (live) setPlaylists([]);
        });
    }
    return () => {
      live = false;
    };
  }, []);

  const onLikedChange = useCallback((songId: string, liked: boolean) => {
    setLikedIds((current) => {
      const next = new Set(current);
      if (liked) next.add(songId);
      else next.delete(songId);
      return next;
    });
  }, []);

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
              renderRow={(song) => (
                <SongRow
                  song={song}
                  liked={likedIds.has(song._id)}
                  onPlay={playSong}
                  onLikedChange={onLikedChange}
                  playlists={playlists}
                />
              )}
            />
          )}
        </AsyncList>
      </section>
      <SearchPanel
        likedIds={likedIds}
        onLikedChange={onLikedChange}
        onPlaySong={playSong}
        onPlayPlaylist={playPlaylist}
        playlists={playlists}
      />
    </div>
  );
}
