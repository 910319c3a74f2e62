import { MESSAGES, type PlayerTrack } from '@samaa/shared';

/**
 * The playback rules (queue, shuffle, repeat, next/previous) as pure functions over an immutable state: no React, no DOM.
 * The audio engine (PlayerProvider) renders this state onto an <audio> element.
 */

export type { PlayerTrack };

export interface PlaybackState {
  tracks: PlayerTrack[];
  index: number;
  playing: boolean;
  shuffle: boolean;
  repeat: boolean;
  /** With shuffle on: a random order of every index, which next/previous follow. Empty otherwise. */
  order: number[];
  /** Grows each time the current track must start again from 0 (a new track, a repeat, a jump). */
  startCount: number;
}

export type Rng = () => number;

export const emptyPlayback: PlaybackState = {
  tracks: [],
  index: -1,
  playing: false,
  shuffle: false,
  repeat: false,
  order: [],
  startCount: 0,
};

const isPlayable = (track: PlayerTrack | undefined) =>
  Boolean(track && !track.unavailable && track.src);

function inRange(tracks: readonly PlayerTrack[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < tracks.length;
}

/** MESSAGES.noSongData when the list or the index is invalid or nothing in the list can play. */
export function playbackError(state: PlaybackState): string | null {
  if (!Array.isArray(state.tracks) || state.tracks.length === 0) return MESSAGES.noSongData;
  if (!inRange(state.tracks, state.index)) return MESSAGES.noSongData;
  if (!state.tracks.some(isPlayable)) return MESSAGES.noSongData;
  return null;
}

export function currentTrack(state: PlaybackState): PlayerTrack | null {
  return playbackError(state) ? null : (state.tracks[state.index] ?? null);
}

/** A random permutation of 0..length-1 (Fisher–Yates) that starts with `first`. */
export function shuffledOrder(length: number, first: number, rng: Rng = Math.random): number[] {
  const rest = Array.from({ length }, (_, i) => i).filter((i) => i !== first);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    const swap = rest[i] as number;
    rest[i] = rest[j] as number;
    rest[j] = swap;
  }
  return Number.isInteger(first) && first >= 0 && first < length ? [first, ...rest] : rest;
}

/** The sequence of indexes next/previous walk through: the shuffle order, else 0..n-1. */
function walkOrder(state: PlaybackState): number[] {
  return state.shuffle && state.order.length === state.tracks.length
    ? state.order
    : state.tracks.map((_, i) => i);
}

/** The first playable index met walking `step` (±1) from `from` (excluded), wrapping; -1 if none. */
function stepPlayable(state: PlaybackState, from: number, step: 1 | -1): number {
  const order = walkOrder(state);
  const n = order.length;
  const at = Math.max(0, order.indexOf(from));
  for (let k = 1; k <= n; k += 1) {
    const candidate = order[(((at + step * k) % n) + n) % n] as number;
    if (isPlayable(state.tracks[candidate])) return candidate;
  }
  return -1;
}

function startAt(state: PlaybackState, index: number): PlaybackState {
  return { ...state, index, startCount: state.startCount + 1 };
}

/**
 * A new queue starting at `startIndex` (moved forward past unavailable tracks). Shuffle and
 * repeat carry over from `previous`; an invalid list or index gives a state whose
 * playbackError() is MESSAGES.noSongData.
 */
export function loadQueue(
  previous: PlaybackState,
  tracks: unknown,
  startIndex: number,
  { autoplay = true, rng = Math.random }: { autoplay?: boolean; rng?: Rng } = {},
): PlaybackState {
  const list = Array.isArray(tracks) ? (tracks as PlayerTrack[]) : [];
  let state: PlaybackState = {
    ...previous,
    tracks: list,
    index: startIndex,
    order: [],
    playing: false,
    startCount: previous.startCount + 1,
  };
  if (!inRange(list, startIndex)) return state;
  if (!isPlayable(list[startIndex])) {
    const found = stepPlayable(state, startIndex, 1);
    if (found === -1) return state;
    state = { ...state, index: found };
  }
  if (state.shuffle) state = { ...state, order: shuffledOrder(list.length, state.index, rng) };
  return { ...state, playing: autoplay };
}

/**
 * Adds tracks at the end of the queue (the next page of the list it was played from). With
 * shuffle on, they join the order after the tracks already in it, in a random order of their own.
 */
export function appendTracks(state: PlaybackState, more: PlayerTrack[], rng: Rng = Math.random): PlaybackState {
  if (more.length === 0) return state;
  const start = state.tracks.length;
  const tracks = [...state.tracks, ...more];
  if (!state.shuffle) return { ...state, tracks };
  const added = shuffledOrder(more.length, -1, rng).map((i) => start + i);
  return { ...state, tracks, order: [...state.order, ...added] };
}

export function setPlaying(state: PlaybackState, playing: boolean): PlaybackState {
  if (playing && !currentTrack(state)) return state;
  return state.playing === playing ? state : { ...state, playing };
}

export const togglePlay = (state: PlaybackState) => setPlaying(state, !state.playing);

/** Next track, wrapping from the last to the first (or following the shuffle order). */
export function next(state: PlaybackState): PlaybackState {
  if (playbackError(state)) return state;
  const index = stepPlayable(state, state.index, 1);
  return index === -1 ? { ...state, playing: false } : startAt(state, index);
}

/** Previous track, wrapping from the first to the last (or back along the shuffle order). */
export function previous(state: PlaybackState): PlaybackState {
  if (playbackError(state)) return state;
  const index = stepPlayable(state, state.index, -1);
  return index === -1 ? { ...state, playing: false } : startAt(state, index);
}

/** The current track ended: repeat replays it, otherwise the queue advances and keeps playing. */
export function trackEnded(state: PlaybackState): PlaybackState {
  if (playbackError(state)) return { ...state, playing: false };
  if (state.repeat) return { ...startAt(state, state.index), playing: true };
  return { ...next(state), playing: true };
}

/**
 * `track` already took over from the current one by itself (a gapless join or a crossfade): the
 * queue follows it. Normally it is the upcoming track; after a late change of order it is found.
 */
export function joined(state: PlaybackState, track: PlayerTrack): PlaybackState {
  const upcoming = upcomingIndex(state);
  if (upcoming !== -1 && state.tracks[upcoming] === track) return trackEnded(state);
  const index = state.tracks.indexOf(track);
  return index === -1 ? state : { ...startAt(state, index), playing: true };
}

/** A click in the Queue: plays that item. Unavailable items and invalid indexes are ignored. */
export function jumpTo(state: PlaybackState, index: number): PlaybackState {
  if (!inRange(state.tracks, index) || !isPlayable(state.tracks[index])) return state;
  return { ...startAt(state, index), playing: true };
}

/** The current track failed to load or play: mark it unavailable and move on. */
export function skipFailed(state: PlaybackState): PlaybackState {
  if (!inRange(state.tracks, state.index)) return state;
  const tracks = state.tracks.map((t, i) => (i === state.index ? { ...t, unavailable: true } : t));
  const marked = { ...state, tracks };
  const index = stepPlayable(marked, state.index, 1);
  return index === -1 ? { ...marked, playing: false } : startAt(marked, index);
}

/** Shuffle on builds a random order of indexes (starting at the current one); off drops it. */
export function toggleShuffle(state: PlaybackState, rng: Rng = Math.random): PlaybackState {
  if (state.shuffle) return { ...state, shuffle: false, order: [] };
  return { ...state, shuffle: true, order: shuffledOrder(state.tracks.length, state.index, rng) };
}

export const toggleRepeat = (state: PlaybackState): PlaybackState => ({
  ...state,
  repeat: !state.repeat,
});

/** The index that plays after the current one ends (for preloading); -1 when none. */
export function upcomingIndex(state: PlaybackState): number {
  if (playbackError(state)) return -1;
  if (state.repeat) return state.index;
  return stepPlayable(state, state.index, 1);
}

/** The first 9 songs in random order, 3 per widget. */
export function pickWidgets<T>(items: readonly T[], rng: Rng = Math.random): [T[], T[], T[]] {
  const first = items.slice(0, 9);
  const order = shuffledOrder(first.length, -1, rng).map((i) => first[i] as T);
  return [order.slice(0, 3), order.slice(3, 6), order.slice(6, 9)];
}
