import type { KeyboardEvent, MouseEvent } from 'react';
import { formatTime } from '@samaa/shared';
import { SEEK_STEP_SECONDS } from './useKeyboardShortcuts';

interface SeekBarProps {
  position: number;
  duration: number;
  onSeek(seconds: number): void;
}

/** The seek bar with elapsed and total time: click anywhere, or use the arrow, Home and End keys. */
export function SeekBar({ position, duration, onSeek }: SeekBarProps) {
  const max = duration > 0 ? duration : 0;
  const fraction = max ? Math.min(1, Math.max(0, position / max)) : 0;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!max) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onSeek(Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) * max);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    const targets: Record<string, number> = {
      ArrowLeft: position - SEEK_STEP_SECONDS,
      ArrowDown: position - SEEK_STEP_SECONDS,
      ArrowRight: position + SEEK_STEP_SECONDS,
      ArrowUp: position + SEEK_STEP_SECONDS,
      PageDown: position - 30,
      PageUp: position + 30,
      Home: 0,
      End: max,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault(); // the app-wide shortcuts stand down
    onSeek(Math.max(0, max ? Math.min(target, max) : target));
  };

  return (
    <div className="player-seek">
      <span className="player-seek__time" data-testid="elapsed-time">
        {formatTime(position)}
      </span>
      <div
        className="player-seek__track"
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.floor(max)}
        aria-valuenow={Math.floor(Math.min(position, max || position))}
        aria-valuetext={`${formatTime(position)} of ${formatTime(max)}`}
        data-testid="seek-bar"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <div className="player-seek__fill" style={{ width: `${fraction * 100}%` }} />
        <div className="player-seek__thumb" style={{ left: `${fraction * 100}%` }} />
      </div>
      <span className="player-seek__time" data-testid="total-time">
        {formatTime(max)}
      </span>
    </div>
  );
}
