import type { Song } from '@samaa/shared';
import { useCover } from './useCover';
import { PlayIcon } from './icons';

/**
 * A song's cover as its play button, with a play icon over it. A missing or broken cover
 * falls back to the generated placeholder. Class names come from the caller's layout; `cssPx`
 * is the width it is shown at, which picks the resized copy the server sends.
 */
export function SongCoverButton({
  song,
  className,
  iconClassName,
  onPlay,
  cssPx = 48,
  tabIndex,
}: {
  song: Song;
  className: string;
  iconClassName: string;
  onPlay(): void;
  cssPx?: number;
  tabIndex?: number;
}) {
  const cover = useCover(song.img, cssPx, song.name);
  return (
    <button type="button" className={className} aria-label={`Play ${song.name}`} tabIndex={tabIndex} onClick={onPlay}>
      <img {...cover} alt="" loading="lazy" />
      <span className={iconClassName}>
        <PlayIcon />
      </span>
    </button>
  );
}
