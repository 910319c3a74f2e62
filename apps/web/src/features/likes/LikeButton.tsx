import { useEffect, useState } from 'react';
import { hasUserToken } from '../../session/session';
import { useLikedIds, useToggleLike } from './likeQueries';
import { HeartIcon } from '../../components/icons';
import './LikeButton.css';

export const LIKE_FAILED = 'The like could not be saved. Please try again.';

export interface LikeButtonProps {
  songId: string;
  songName: string;
}

/**
 * A song's heart. It reads and changes the one set of liked songs every screen shares: it flips
 * at once, and flips back with a message when the server refuses.
 */
export function LikeButton({ songId, songName }: LikeButtonProps) {
  const liked = useLikedIds().has(songId);
  const toggle = useToggleLike();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), 4000);
    return () => clearTimeout(timer);
  }, [failed]);

  function onClick() {
    if (toggle.isPending || !hasUserToken()) return;
    setFailed(false);
    toggle.mutate(
      { songId, liked },
      {
        onError: (error) => {
          console.error('Like failed', error);
          setFailed(true);
        },
      },
    );
  }

  return (
    <span className="like">
      <button
        type="button"
        className="icon-btn like-btn"
        aria-label={`Like ${songName}`}
        aria-pressed={liked}
        aria-busy={toggle.isPending}
        title={liked ? 'Unlike' : 'Like'}
        onClick={onClick}
      >
        <HeartIcon filled={liked} />
      </button>
      {failed && (
        <span className="like__error" role="alert">
          {LIKE_FAILED}
        </span>
      )}
    </span>
  );
}
