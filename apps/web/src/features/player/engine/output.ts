import type { PlayerTrack } from '../queue';
import type { PlaybackSettings } from './settings';

/** What an audio output tells the engine. */
export interface OutputEvents {
  /** The current track ended and nothing was joined to it: the engine moves on and loads. */
  ended(): void;
  /** `track`, the upcoming one, took over by itself (a gapless join or a crossfade): nothing to load. */
  advanced(track: PlayerTrack): void;
  /** The current track could not load or play; `blocked` is an autoplay refusal. */
  failed(kind: 'load' | 'play' | 'blocked', error: unknown): void;
  /** The length or position became known or jumped (metadata, a seek applied). */
  changed(): void;
}

/** Turns the engine's decisions into sound. Knows nothing of queues: one track and the next. */
export interface AudioOutput {
  /** Makes `track` current at `offset` seconds, playing or paused. */
  load(track: PlayerTrack, offset: number, playing: boolean): void;
  unload(): void;
  setPlaying(playing: boolean): void;
  seek(seconds: number): void;
  /** The track that follows the current one: preloaded, and joined where the output can. */
  setUpcoming(track: PlayerTrack | null): void;
  setVolume(volume: number, muted: boolean): void;
  setSettings(settings: PlaybackSettings): void;
  /** Seconds into the current track, and its length (0 while unknown). */
  position(): number;
  duration(): number;
  dispose(): void;
}

export interface OutputElements {
  /** Plays the current track (data-testid="player-audio"). */
  main: HTMLAudioElement;
  /** Preloads the upcoming track, or plays tracks the audio graph may not read. */
  second: HTMLAudioElement;
}

export const finiteOr = (value: number, fallback: number) =>
  Number.isFinite(value) ? value : fallback;
