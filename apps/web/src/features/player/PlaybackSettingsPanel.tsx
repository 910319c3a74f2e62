import { useId } from 'react';
import { MAX_CROSSFADE_SECONDS } from './engine/settings';
import { usePlayerEngine, usePlayerState } from './usePlayer';

const crossfadeText = (seconds: number) => (seconds > 0 ? `${seconds} s` : 'Off');

/** Crossfade (0–12 s, off by default) and ReplayGain normalisation, remembered per browser. */
export function PlaybackSettingsPanel() {
  const { setCrossfade, setNormalize } = usePlayerEngine();
  const crossfade = usePlayerState((s) => s.settings.crossfade);
  const normalize = usePlayerState((s) => s.settings.normalize);
  const id = useId();

  return (
    <section className="player-card player-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="player-settings__title">
        Playback
      </h2>
      <div className="player-settings__row">
        <label htmlFor={`${id}-crossfade`}>Crossfade</label>
        <output htmlFor={`${id}-crossfade`} data-testid="crossfade-value">
          {crossfadeText(crossfade)}
        </output>
      </div>
      <input
        id={`${id}-crossfade`}
        type="range"
        min={0}
        max={MAX_CROSSFADE_SECONDS}
        step={0.5}
        value={crossfade}
        aria-valuetext={crossfade > 0 ? `${crossfade} seconds` : 'Off, gapless'}
        onChange={(e) => setCrossfade(Number(e.target.value))}
      />
      <label className="player-settings__check">
        <input
          type="checkbox"
          checked={normalize}
          aria-describedby={`${id}-normalize-hint`}
          onChange={(e) => setNormalize(e.target.checked)}
        />
        Normalise volume
      </label>
      <p id={`${id}-normalize-hint`} className="player-settings__hint">
        Plays songs at an even loudness where their tags carry ReplayGain.
      </p>
    </section>
  );
}
