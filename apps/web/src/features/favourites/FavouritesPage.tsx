import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, errorLine, type Song } from '@samaa/shared';
import { fetchLikedSongs, hasUserToken } from '../../api/catalogue';
import { errorMessage } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { LikedSongCard } from './LikedSongCard';
import './FavouritesPage.css';

/** SPEC §2 "/favourites": the liked songs, most recently liked first. */
export default function FavouritesPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<ListState<Song>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const user = getStoredUser();
    if (!user || !hasUserToken()) {
      setState({ status: 'error', message: errorLine(MESSAGES.likedSongsFailed) });
      return;
    }
    fetchLikedSongs(user._id)
      .then(
        (songs) => live && setState({ status: 'ready', items: Array.isArray(songs) ? songs : [] }),
      )
      .catch((error) => {
        console.error(MESSAGES.likedSongsFailed, error);
        if (live)
          setState({
            status: 'error',
            message: errorLine(errorMessage(error, MESSAGES.likedSongsFailed)),
          });
      });
    return () => {
      live = false;
    };
  }, []);

  const unliked = (id: string) =>
    setState((current) =>
      current.status === 'ready'
        ? { status: 'ready', items: current.items.filter((s) => s._id !== id) }
        : current,
    );

  return (
    <div className="favourites">
      <h1>{state.status === 'loading' ? LABELS.likedSongsLoading : LABELS.likedSongs}</h1>
      <AsyncList state={state} empty={MESSAGES.noLikedSongs}>
        {(songs) => (
          <div className="grid">
            {songs.map((song) => (
              <LikedSongCard
                key={song._id}
                song={song}
                onPlay={() => navigate('/player', { state: { songId: song._id } })}
                onUnliked={() => unliked(song._id)}
              />
            ))}
          </div>
        )}
      </AsyncList>
    </div>
  );
}
