import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, ShuffleIcon } from './icons';
import { usePlayerEngine, usePlayerState } from './usePlayer';

/**
 * Shuffle, previous, play/pause, next and repeat. `compact` (the now-playing bar) leaves out the
 * toggles and uses its own test ids, so /player has exactly one of each data-testid.
 */
export function TransportControls({ compact = false }: { compact?: boolean }) {
  const { togglePlay, next, previous, toggleShuffle, toggleRepeat } = usePlayerEngine();
  const disabled = usePlayerState((s) => !s.track);
  const playing = usePlayerState((s) => s.playback.playing);
  const shuffle = usePlayerState((s) => s.playback.shuffle);
  const repeat = usePlayerState((s) => s.playback.repeat);
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
          aria-pressed={shuffle}
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
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={disabled}
        onClick={togglePlay}
      >
        {playing ? <PauseIcon size={compact ? 20 : 28} /> : <PlayIcon size={compact ? 20 : 28} />}
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
          aria-pressed={repeat}
          onClick={toggleRepeat}
        >
          <RepeatIcon />
        </button>
      )}
    </div>
  );
}
