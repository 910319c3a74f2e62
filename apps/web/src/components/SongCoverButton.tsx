import { useState } from 'react';
import type { Song } from '@samaa/shared';
import { mediaUrl } from '../api/client';
import { coverPlaceholder } from './coverPlaceholder';
import { PlayIcon } from './icons';

/**
 * A song's cover as its play button, with a play icon over it. A missing or broken cover
 * falls back to the generated placeholder. Class names come from the caller's layout.
 */
export function SongCoverButton({
  song,
  className,
  iconClassName,
  onPlay,
}: {
  song: Song;
  className: string;
  iconClassName: string;
  onPlay(): void;
}) {
  const placeholder = coverPlaceholder(song.name);
  const [cover, setCover] = useState(mediaUrl(song.img) || placeholder);
  return (
    <button type="button" className={className} aria-label={`Play ${song.name}`} onClick={onPlay}>
      <img src={cover} alt="" loading="lazy" onError={() => setCover(placeholder)} />
      <span className={iconClassName}>
        <PlayIcon />
      </span>
    </button>
  );
}
