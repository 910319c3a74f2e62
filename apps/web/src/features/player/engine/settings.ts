/** Playback settings, remembered per browser (not per account: they suit the speakers at hand). */
export interface PlaybackSettings {
  /** Seconds of overlap between consecutive tracks; 0 joins them gaplessly. */
  crossfade: number;
  /** Apply ReplayGain track gain where the tags carry it. */
  normalize: boolean;
}

export const SETTINGS_KEY = 'samaa.player.settings';
export const MAX_CROSSFADE_SECONDS = 12;
export const DEFAULT_SETTINGS: PlaybackSettings = { crossfade: 0, normalize: true };

export function clampCrossfade(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.max(0, Math.min(MAX_CROSSFADE_SECONDS, Math.round(seconds * 2) / 2));
}

export function loadSettings(storage: Storage = localStorage): PlaybackSettings {
  try {
    const saved = JSON.parse(
      storage.getItem(SETTINGS_KEY) ?? 'null',
    ) as Partial<PlaybackSettings> | null;
    return {
      crossfade: clampCrossfade(typeof saved?.crossfade === 'number' ? saved.crossfade : 0),
      normalize: saved?.normalize !== false,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: PlaybackSettings, storage: Storage = localStorage): void {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch (err) {
    console.error('Could not save the playback settings', err);
  }
}
