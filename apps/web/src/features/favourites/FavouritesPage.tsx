import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, errorLine, type Song } from '@samaa/shared';
import { fetchLikedSongs, hasUserToken } from '../../api/catalogue';
import { errorMessage } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { Loading } from '../../components/Loading';
import { LikedSongCard } from './LikedSongCard';
import './FavouritesPage.css';

type State =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; songs: Song[] };

/** SPEC §2 "/favourites": the liked songs, most recently liked first. */
export default function FavouritesPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const user = getStoredUser();
    if (!user || !hasUserToken()) {
      setState({ status: 'error', message: MESSAGES.likedSongsFailed });
      return;
    }
    fetchLikedSongs(user._id)
      .then(
        (songs) => live && setState({ status: 'ready', songs: Array.isArray(songs) ? songs : [] }),
      )
      .catch((error) => {
        console.error(MESSAGES.likedSongsFailed, error);
        if (live)
          setState({ status: 'error', message: errorMessage(error, MESSAGES.likedSongsFailed) });
      });
    return () => {
      live = false;
    };
  }, []);

  const unliked = (id: string) =>
    setState((current) =>
      current.status === 'ready'
        ? { status: 'ready', songs: current.songs.filter((s) => s._id !== id) }
        : current,
    );

  return (
    <div className="favourites">
      <h1>{state.status === 'loading' ? LABELS.likedSongsLoading : LABELS.likedSongs}</h1>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p className="alert alert--error" role="alert">
          {errorLine(state.message)}
        </p>
      )}
      {state.status === 'ready' && state.songs.length === 0 && (
        <p className="empty-state">{MESSAGES.noLikedSongs}</p>
      )}
      {state.status === 'ready' && state.songs.length > 0 && (
        <div className="grid">
          {state.songs.map((song) => (
            <LikedSongCard
              key={song._id}
              song={song}
              onPlay={() => navigate('/player', { state: { songId: song._id } })}
              onUnliked={() => unliked(song._id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
