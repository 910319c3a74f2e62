import { loadSession, loadVolume, savePosition, saveQueue, saveVolume } from '../persistence';
import * as rules from '../queue';
import * as edits from '../queueEdits';
import type { MoreTracks } from '../sources';
import {
  currentTrack,
  emptyPlayback,
  playbackError,
  upcomingIndex,
  type PlaybackState,
  type PlayerTrack,
  type Rng,
} from '../queue';
import { ElementOutput } from './elementOutput';
import { bindMediaKeys, publishPlaying, publishPosition, publishTrack } from './mediaSession';
import type { AudioOutput, OutputElements, OutputEvents } from './output';
import { clampCrossfade, loadSettings, saveSettings, type PlaybackSettings } from './settings';
import { WebAudioOutput } from './webAudioOutput';

/** Progress is polled every 1000 ms. */
export const PROGRESS_POLL_MS = 1000;

/** Everything the screens show. A new object on every change; unchanged parts keep their identity. */
export interface PlayerSnapshot {
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
  settings: PlaybackSettings;
  /** The last result of a queue action to announce ("Added to queue"); a new object each time. */
  notice: { text: string } | null;
}

export type OutputFactory = (elements: OutputElements, events: OutputEvents) => AudioOutput;

/** Gapless through Web Audio where the browser has it, else plain media elements. */
export const defaultOutput: OutputFactory = (elements, events) =>
  typeof window !== 'undefined' && 'AudioContext' in window
    ? new WebAudioOutput(elements, events)
    : new ElementOutput(elements.main, elements.second, events);

export interface PlayerEngineOptions {
  /** The signed-in user's id: a saved queue of another listener is never restored. */
  owner: string | null;
  rng?: Rng;
  createOutput?: OutputFactory;
  /** False for a player that must leave the listener's saved queue alone (a share link's page). */
  persistQueue?: boolean;
}

/**
 * The app-wide player, outside React: the queue rules (queue.ts) decide, an AudioOutput sounds,
 * and screens subscribe to snapshots (useSyncExternalStore) through narrow selectors, so a
 * progress tick re-renders only what shows the position.
 */
export class PlayerEngine {
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private output: AudioOutput | null = null;
  private progressTimer: number | undefined;
  private unbind: (() => void)[] = [];
  private readonly owner: string | null;
  private readonly rng: Rng;
  private readonly createOutput: OutputFactory;
  /** Reads the tracks after the queue's last one (a queue played from a page of a longer list). */
  private more: (() => Promise<MoreTracks>) | null = null;
  private readingMore = false;
  private readonly persistQueue: boolean;

  constructor({ owner, rng = Math.random, createOutput = defaultOutput, persistQueue = true }: PlayerEngineOptions) {
    this.owner = owner;
    this.rng = rng;
    this.createOutput = createOutput;
    this.persistQueue = persistQueue;
    const restored = persistQueue ? loadSession(owner) : null;
    const playback = restored?.state ?? emptyPlayback;
    this.snapshot = {
      playback,
      track: currentTrack(playback),
      error: playbackError(playback),
      position: restored?.position ?? 0,
      duration: 0,
      ...loadVolume(),
      settings: loadSettings(),
      notice: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  /** Connects the engine to its media elements (once mounted) and to the page. */
  attach(elements: OutputElements): void {
    if (this.output) return;
    const output = this.createOutput(elements, this.outputEvents);
    this.output = output;
    const { volume, muted, settings, track, position, playback } = this.snapshot;
    output.setVolume(volume, muted);
    output.setSettings(settings);
    if (track) output.load(track, position, playback.playing);
    this.syncUpcoming(playback);
    publishTrack(track);
    publishPlaying(track, playback.playing);
    const onPageHide = () => {
      if (this.snapshot.track) this.savePosition(output.position());
    };
    window.addEventListener('pagehide', onPageHide);
    this.unbind = [
      () => window.removeEventListener('pagehide', onPageHide),
      bindMediaKeys({
        play: this.play,
        pause: this.pause,
        next: this.next,
        previous: this.previous,
        seek: this.seek,
      }),
    ];
    this.syncProgressTimer();
  }

  detach(): void {
    this.unbind.forEach((off) => off());
    this.unbind = [];
    window.clearInterval(this.progressTimer);
    this.progressTimer = undefined;
    this.output?.dispose();
    this.output = null;
  }

  // Actions: arrow properties, so screens can pass them around unbound.
  playQueue = (tracks: PlayerTrack[], startIndex: number, more?: () => Promise<MoreTracks>) => {
    this.more = more ?? null;
    this.update((s) => rules.loadQueue(s, tracks, startIndex, { rng: this.rng }));
  };
  togglePlay = () => this.update(rules.togglePlay);
  play = () => this.update((s) => rules.setPlaying(s, true));
  pause = () => this.update((s) => rules.setPlaying(s, false));
  next = () => this.update(rules.next);
  previous = () => this.update(rules.previous);
  jumpTo = (index: number) => this.update((s) => rules.jumpTo(s, index));
  toggleShuffle = () => this.update((s) => rules.toggleShuffle(s, this.rng));
  toggleRepeat = () => this.update(rules.toggleRepeat);
  playNext = (tracks: PlayerTrack[]) => this.update((s) => edits.playNext(s, tracks, this.rng));
  addToQueue = (tracks: PlayerTrack[]) => this.update((s) => edits.addToQueue(s, tracks, this.rng));
  moveTrack = (from: number, to: number) => this.update((s) => edits.moveTrack(s, from, to));
  removeTrack = (index: number) => this.update((s) => edits.removeTrack(s, index));
  clearQueue = () => this.update(edits.clearQueue);

  /** Says what a queue action did, politely (QueueStatus shows and announces it). */
  announce = (text: string) => this.commit({ notice: { text } });

  /**
   * A queue saved elsewhere (the listener's other device, through the server) replaces this one,
   * paused at `position`, unless something plays here already.
   */
  adoptQueue = (tracks: PlayerTrack[], index: number, position: number) => {
    if (this.snapshot.playback.playing) return;
    this.more = null;
    this.update((s) => rules.loadQueue(s, tracks, index, { autoplay: false, rng: this.rng }));
    if (position > 0) this.seek(position);
  };

  seek = (seconds: number) => {
    const output = this.output;
    if (!output || !this.snapshot.track) return;
    const known = output.duration();
    const target = Math.max(0, known > 0 ? Math.min(seconds, known) : seconds);
    output.seek(target);
    this.savePosition(target);
    this.commit({ position: target });
    publishPosition(target, this.snapshot.duration);
  };

  /**
   * Seconds into the track sounding now, read from the output between the 1 s progress polls
   * (synced lyrics follow it). After a gapless or crossfade join it is the new track's.
   */
  currentPosition = (): number =>
    this.output && this.snapshot.track ? this.output.position() : this.snapshot.position;

  seekBy = (delta: number) =>
    this.seek((this.output?.position() ?? this.snapshot.position) + delta);

  setVolume = (value: number) => {
    const volume = Math.max(0, Math.min(1, value));
    this.setVolumeState(volume, value > 0 ? false : this.snapshot.muted);
  };

  toggleMute = () => this.setVolumeState(this.snapshot.volume, !this.snapshot.muted);

  setCrossfade = (seconds: number) =>
    this.setSettings({ ...this.snapshot.settings, crossfade: clampCrossfade(seconds) });
  setNormalize = (normalize: boolean) => this.setSettings({ ...this.snapshot.settings, normalize });

  private setSettings(settings: PlaybackSettings): void {
    saveSettings(settings);
    this.output?.setSettings(settings);
    this.commit({ settings });
  }

  private setVolumeState(volume: number, muted: boolean): void {
    saveVolume({ volume, muted });
    this.output?.setVolume(volume, muted);
    this.commit({ volume, muted });
  }

  private readonly outputEvents: OutputEvents = {
    ended: () => this.update(rules.trackEnded),
    advanced: (track) => this.update((s) => rules.joined(s, track), true),
    failed: (kind, error) => {
      const src = this.snapshot.track?.src;
      if (kind === 'load') console.error(`Audio failed to load: ${src}`, error);
      else console.error('Audio playback failed:', error);
      // Blocked autoplay is not the track's fault: stay on it, paused.
      this.update(kind === 'blocked' ? (s) => rules.setPlaying(s, false) : rules.skipFailed);
    },
    changed: () => this.readProgress(),
  };

  /**
   * Applies a queue rule and makes the output follow: a new current track loads from its start,
   * unless `alreadySounding` marks a join the output made by itself, which must not reload.
   */
  private update(rule: (s: PlaybackState) => PlaybackState, alreadySounding = false): void {
    const prev = this.snapshot.playback;
    const playback = rule(prev);
    if (playback === prev) return;
    const track = currentTrack(playback);
    // A new track, or the same one started again. An edit that only moved the current track
    // in the list (a song queued before it) keeps it playing.
    const restart = track !== this.snapshot.track || playback.startCount !== prev.startCount;
    const patch: Partial<PlayerSnapshot> = { playback, track, error: playbackError(playback) };
    const output = this.output;
    if (!track) {
      output?.unload();
      Object.assign(patch, { position: 0, duration: 0 });
    } else if (restart && alreadySounding) {
      Object.assign(patch, {
        position: output?.position() ?? 0,
        duration: output?.duration() ?? 0,
      });
    } else if (restart) {
      output?.load(track, 0, playback.playing);
      Object.assign(patch, { position: 0, duration: 0 });
    } else if (playback.playing !== prev.playing) {
      output?.setPlaying(playback.playing);
    }
    if (track !== this.snapshot.track) publishTrack(track);
    this.commit(patch);
    this.syncUpcoming(playback);
    publishPlaying(track, playback.playing);
    if (this.persistQueue) saveQueue(playback, this.owner);
    this.syncProgressTimer();
    this.readMoreNearTheEnd(playback);
  }

  /** Two tracks before the end of a paged queue, the next page is read and appended. */
  private readMoreNearTheEnd(playback: PlaybackState): void {
    const more = this.more;
    if (!more || this.readingMore || playback.index < playback.tracks.length - 2) return;
    this.readingMore = true;
    more().then(
      (next) => {
        this.readingMore = false;
        // A queue loaded meanwhile has its own continuation.
        if (this.more !== more) return;
        this.more = next.more ?? null;
        this.update((s) => rules.appendTracks(s, next.tracks, this.rng));
      },
      (err: unknown) => {
        this.readingMore = false;
        console.error('Could not read more songs for the queue', err);
      },
    );
  }

  private savePosition(seconds: number): void {
    if (this.persistQueue) savePosition(seconds);
  }

  private syncUpcoming(playback: PlaybackState): void {
    const index = upcomingIndex(playback);
    this.output?.setUpcoming(index === -1 ? null : (playback.tracks[index] ?? null));
  }

  private syncProgressTimer(): void {
    const playing = this.snapshot.playback.playing && this.output !== null;
    if (playing && this.progressTimer === undefined) {
      this.progressTimer = window.setInterval(() => {
        this.readProgress();
        this.savePosition(this.snapshot.position);
      }, PROGRESS_POLL_MS);
    } else if (!playing && this.progressTimer !== undefined) {
      window.clearInterval(this.progressTimer);
      this.progressTimer = undefined;
    }
  }

  private readProgress(): void {
    const output = this.output;
    if (!output || !this.snapshot.track) return;
    const duration = output.duration() || this.snapshot.duration;
    const position = output.position();
    this.commit({ position, duration });
    publishPosition(position, duration);
  }

  private commit(patch: Partial<PlayerSnapshot>): void {
    const current = this.snapshot;
    const changed = (Object.keys(patch) as (keyof PlayerSnapshot)[]).some(
      (k) => patch[k] !== current[k],
    );
    if (!changed) return;
    this.snapshot = { ...current, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
