import { hasUserToken } from '../../session/session';
import { useLikeFailed, useLikedIds, useToggleLike } from './likeQueries';
import { HeartIcon } from '../../components/icons';
import './LikeButton.css';

export const LIKE_FAILED = 'The like could not be saved. Please try again.';

export interface LikeButtonProps {
  songId: string;
  songName: string;
  /** -1 in a grid card that is not the grid's Tab stop. */
  tabIndex?: number;
}

/**
 * A song's heart. It reads and changes the one set of liked songs every screen shares: it flips
 * at once, and flips back with a message when the server refuses.
 */
export function LikeButton({ songId, songName, tabIndex }: LikeButtonProps) {
  const liked = useLikedIds().has(songId);
  const toggle = useToggleLike();
  const failed = useLikeFailed(songId);

  function onClick() {
    if (toggle.isPending || !hasUserToken()) return;
    toggle.mutate({ songId, liked });
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
        tabIndex={tabIndex}
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
