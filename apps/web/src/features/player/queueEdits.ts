import { emptyPlayback, loadQueue, next, type PlaybackState, type PlayerTrack, type Rng } from './queue';

/**
 * The listener's own edits of the queue (Play next, Add to queue, reorder, remove, clear) as pure
 * functions over the PlaybackState of queue.ts. The current track keeps playing through every
 * edit but its own removal; with shuffle on, the order of play keeps its indexes in step.
 */

/** Moves every kept index to its new place: the current one and the shuffle order follow. */
function reindexed(state: PlaybackState, tracks: PlayerTrack[], newIndexOf: (old: number) => number): PlaybackState {
  const order = state.shuffle ? state.order.map(newIndexOf).filter((i) => i !== -1) : [];
  return { ...state, tracks, index: state.index === -1 ? -1 : newIndexOf(state.index), order };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** Nothing queued yet: the songs become the queue, paused on the first (the listener presses Play). */
function startWith(state: PlaybackState, tracks: PlayerTrack[], rng: Rng): PlaybackState {
  return loadQueue(state, tracks, 0, { autoplay: false, rng });
}

const hasCurrent = (state: PlaybackState) => state.index >= 0 && state.index < state.tracks.length;

/** Play next: right after the current track, in the list and in the order of play. */
export function playNext(state: PlaybackState, added: PlayerTrack[], rng: Rng = Math.random): PlaybackState {
  if (added.length === 0) return state;
  if (!hasCurrent(state)) return startWith(state, added, rng);
  const at = state.index + 1;
  const tracks = [...state.tracks.slice(0, at), ...added, ...state.tracks.slice(at)];
  const moved = reindexed(state, tracks, (i) => (i >= at ? i + added.length : i));
  if (!moved.shuffle) return moved;
  const order = [...moved.order];
  order.splice(order.indexOf(moved.index) + 1, 0, ...range(at, added.length));
  return { ...moved, order };
}

/** Add to queue: after the last track, in the list and in the order of play. */
export function addToQueue(state: PlaybackState, added: PlayerTrack[], rng: Rng = Math.random): PlaybackState {
  if (added.length === 0) return state;
  if (!hasCurrent(state)) return startWith(state, added, rng);
  const start = state.tracks.length;
  const tracks = [...state.tracks, ...added];
  const order = state.shuffle ? [...state.order, ...range(start, added.length)] : [];
  return { ...state, tracks, order };
}

/** Moves the track at `from` to `to` in the list (drag and drop, Move up / Move down). */
export function moveTrack(state: PlaybackState, from: number, to: number): PlaybackState {
  const n = state.tracks.length;
  if (from === to || !Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < 0 || from >= n || to >= n) return state;
  const positions = range(0, n);
  positions.splice(to, 0, ...positions.splice(from, 1));
  const newIndexOf = new Map(positions.map((old, i) => [old, i]));
  return reindexed(
    state,
    positions.map((old) => state.tracks[old] as PlayerTrack),
    (old) => newIndexOf.get(old) ?? -1,
  );
}

/**
 * Removes the track at `at`. Removing the current one moves to the track that would have
 * played next (playing on if it was playing); removing the last one empties the queue.
 */
export function removeTrack(state: PlaybackState, at: number): PlaybackState {
  if (!Number.isInteger(at) || at < 0 || at >= state.tracks.length) return state;
  if (state.tracks.length === 1) return { ...emptyPlayback, shuffle: state.shuffle, repeat: state.repeat, startCount: state.startCount + 1 };
  const tracks = state.tracks.filter((_, i) => i !== at);
  const newIndexOf = (i: number) => (i === at ? -1 : i > at ? i - 1 : i);
  if (at !== state.index) return reindexed(state, tracks, newIndexOf);
  const following = next(state);
  const nothingElse = following.index === at || following.index === -1;
  const removed = reindexed({ ...state, index: -1 }, tracks, newIndexOf);
  return {
    ...removed,
    index: nothingElse ? Math.min(at, tracks.length - 1) : newIndexOf(following.index),
    playing: nothingElse ? false : state.playing,
    startCount: state.startCount + 1,
  };
}

/** Clear queue: every track but the current one goes (it plays on); nothing current, nothing stays. */
export function clearQueue(state: PlaybackState): PlaybackState {
  const current = state.tracks[state.index];
  if (!current) return { ...emptyPlayback, shuffle: state.shuffle, repeat: state.repeat, startCount: state.startCount + 1 };
  if (state.tracks.length === 1) return state;
  return { ...state, tracks: [current], index: 0, order: state.shuffle ? [0] : [] };
}
