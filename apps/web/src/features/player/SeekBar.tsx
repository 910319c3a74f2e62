import { useState, type KeyboardEvent } from 'react';
import * as Slider from '@radix-ui/react-slider';
import { formatTime } from '@samaa/shared';
import { SEEK_STEP_SECONDS } from './useKeyboardShortcuts';

interface SeekBarProps {
  position: number;
  duration: number;
  onSeek(seconds: number): void;
}

/**
 * The seek bar with elapsed and total time (Radix Slider): click or drag anywhere (the seek
 * happens on release), or use the arrow, Page and Home/End keys on its thumb.
 */
export function SeekBar({ position, duration, onSeek }: SeekBarProps) {
  const max = duration > 0 ? duration : 0;
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? Math.min(position, max || position);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
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
    // Ours, not the slider's one-second steps; the app-wide shortcuts stand down too.
    event.preventDefault();
    onSeek(Math.max(0, max ? Math.min(target, max) : target));
  };

  return (
    <div className="player-seek">
      <span className="player-seek__time" data-testid="elapsed-time">
        {formatTime(shown)}
      </span>
      <Slider.Root
        className="player-seek__track"
        data-testid="seek-bar"
        min={0}
        max={max || 1}
        step={0.1}
        disabled={!max}
        value={[shown]}
        onValueChange={([value]) => setDragging(value ?? null)}
        onValueCommit={([value]) => {
          setDragging(null);
          if (value !== undefined) onSeek(value);
        }}
      >
        <Slider.Track className="player-seek__rail">
          <Slider.Range className="player-seek__fill" />
        </Slider.Track>
        <Slider.Thumb
          className="player-seek__thumb"
          aria-label="Seek"
          aria-valuetext={`${formatTime(shown)} of ${formatTime(max)}`}
          onKeyDown={onKeyDown}
        />
      </Slider.Root>
      <span className="player-seek__time" data-testid="total-time">
        {formatTime(max)}
      </span>
    </div>
  );
}
