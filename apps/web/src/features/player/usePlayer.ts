import { createContext, useContext } from 'react';
import type { PlaybackState, PlayerTrack } from './queue';

/** What the app-wide audio engine exposes: state to render and actions to call. */
export interface PlayerContextValue {
  playback: PlaybackState;
  /** The current track, null when nothing valid is queued. */
  track: PlayerTrack | null;
  /** MESSAGES.noSongData when the queue or index is invalid, else null. */
  error: string | null;
  /** Seconds, polled every 1000 ms while playing. */
  position: number;
  duration: number;
  volume: number;
  muted: boolean;
  /** Replaces the queue and plays from startIndex. */
  playQueue(tracks: PlayerTrack[], startIndex: number): void;
  togglePlay(): void;
  next(): void;
  previous(): void;
  jumpTo(index: number): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  seek(seconds: number): void;
  seekBy(deltaSeconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
}

export const PlayerContext = createContext<PlayerContextValue | null>(null);

export function usePlayer(): PlayerContextValue {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer() needs a <PlayerProvider> above it');
  return value;
}
