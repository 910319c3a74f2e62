import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, ShuffleIcon } from './icons';
import { usePlayer } from './usePlayer';

/**
 * Shuffle, previous, play/pause, next and repeat. `compact` (the now-playing bar) leaves out the
 * toggles and uses its own test ids, so /player has exactly one of each data-testid.
 */
export function TransportControls({ compact = false }: { compact?: boolean }) {
  const { playback, track, togglePlay, next, previous, toggleShuffle, toggleRepeat } = usePlayer();
  const disabled = !track;
  const id = (name: string) => (compact ? `nowplaying-${name}` : `btn-${name}`);
  return (
    <div
      className={compact ? 'transport transport--compact' : 'transport'}
      role="group"
      aria-label="Playback controls"
    >
      {!compact && (
        <button
          type="button"
          className="icon-btn transport__toggle"
          data-testid="btn-shuffle"
          aria-label="Shuffle"
          aria-pressed={playback.shuffle}
          onClick={toggleShuffle}
        >
          <ShuffleIcon />
        </button>
      )}
      <button
        type="button"
        className="icon-btn"
        data-testid={id('prev')}
        aria-label="Previous"
        disabled={disabled}
        onClick={previous}
      >
        <PreviousIcon />
      </button>
      <button
        type="button"
        className="icon-btn transport__play"
        data-testid={id('play')}
        aria-label={playback.playing ? 'Pause' : 'Play'}
        disabled={disabled}
        onClick={togglePlay}
      >
        {playback.playing ? (
          <PauseIcon size={compact ? 20 : 28} />
        ) : (
          <PlayIcon size={compact ? 20 : 28} />
        )}
      </button>
      <button
        type="button"
        className="icon-btn"
        data-testid={id('next')}
        aria-label="Next"
        disabled={disabled}
        onClick={next}
      >
        <NextIcon />
      </button>
      {!compact && (
        <button
          type="button"
          className="icon-btn transport__toggle"
          data-testid="btn-repeat"
          aria-label="Repeat"
          aria-pressed={playback.repeat}
          onClick={toggleRepeat}
        >
          <RepeatIcon />
        </button>
      )}
    </div>
  );
}
