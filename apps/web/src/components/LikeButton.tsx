import { useState } from 'react';
import { hasUserToken, toggleLike } from '../api/catalogue';
import { HeartIcon } from './icons';
import './LikeButton.css';

export interface LikeButtonProps {
  songId: string;
  songName: string;
  liked: boolean;
  /** Called with the server's new state after a successful toggle, never on failure. */
  onChange(liked: boolean): void;
}

/** SPEC §4 "Song like": the heart flips only after the like call succeeded. */
export function LikeButton({ songId, songName, liked, onChange }: LikeButtonProps) {
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy || !hasUserToken()) return;
    setBusy(true);
    try {
      onChange(await toggleLike(songId));
    } catch (error) {
      console.error('Like failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="icon-btn like-btn"
      aria-label={`Like ${songName}`}
      aria-pressed={liked}
      aria-busy={busy}
      title={liked ? 'Unlike' : 'Like'}
      onClick={toggle}
    >
      <HeartIcon filled={liked} />
    </button>
  );
}
