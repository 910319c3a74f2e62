import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, errorLine, type Song } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { useLikedIdsQuery, useLikedSongs } from '../likes';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { LikedSongCard } from './LikedSongCard';
import './FavouritesPage.css';

/** SPEC §2 "/favourites": the liked songs, most recently liked first. */
export default function FavouritesPage() {
  const navigate = useNavigate();
  const signedIn = useListenerToken() && Boolean(getStoredUser());
  const liked = useLikedSongs();
  const { data: likedIds } = useLikedIdsQuery({ fresh: true });

  useEffect(() => {
    if (liked.error) console.error(MESSAGES.likedSongsFailed, liked.error);
  }, [liked.error]);

  // A song unliked here or anywhere else leaves at once, before the list is fetched again.
  const state: ListState<Song> = !signedIn
    ? { status: 'error', message: errorLine(MESSAGES.likedSongsFailed) }
    : liked.data
      ? { status: 'ready', items: likedIds ? liked.data.filter((song) => likedIds.has(song._id)) : liked.data }
      : liked.error
        ? { status: 'error', message: errorLine(errorMessage(liked.error, MESSAGES.likedSongsFailed)) }
        : { status: 'loading' };

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
              />
            ))}
          </div>
        )}
      </AsyncList>
    </div>
  );
}
