import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@samaa/shared';
import {
  appendTracks,
  currentTrack,
  emptyPlayback,
  joined,
  jumpTo,
  loadQueue,
  next,
  pickWidgets,
  playbackError,
  previous,
  setPlaying,
  shuffledOrder,
  skipFailed,
  togglePlay,
  toggleRepeat,
  toggleShuffle,
  trackEnded,
  upcomingIndex,
  type PlayerTrack,
  type Rng,
} from './queue';

const track = (id: string, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id,
  name: `Song ${id}`,
  artist: 'Artist',
  img: `https://img/${id}.jpg`,
  src: `https://audio/${id}.mp3`,
  ...extra,
});

const abc = [track('a'), track('b'), track('c')];

/** An RNG replaying fixed values (cycling), so shuffles are predictable. */
const fixedRng = (...values: number[]): Rng => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

/** Indexes visited by calling `step` n times. */
function walk(state: ReturnType<typeof loadQueue>, step: typeof next, n: number): number[] {
  const seen: number[] = [];
  let s = state;
  for (let i = 0; i < n; i += 1) {
    s = step(s);
    seen.push(s.index);
  }
  return seen;
}

describe('loading a queue', () => {
  it('starts at the given index and plays', () => {
    const s = loadQueue(emptyPlayback, abc, 1);
    expect(s.index).toBe(1);
    expect(s.playing).toBe(true);
    expect(currentTrack(s)?.id).toBe('b');
    expect(playbackError(s)).toBeNull();
  });

  it('can load paused', () => {
    expect(loadQueue(emptyPlayback, abc, 0, { autoplay: false }).playing).toBe(false);
  });

  it('moves a start on an unavailable track forward to the next playable one', () => {
    const s = loadQueue(
      emptyPlayback,
      [track('a'), track('b', { unavailable: true }), track('c')],
      1,
    );
    expect(s.index).toBe(2);
  });

  it('treats a track without audio as unavailable', () => {
    const s = loadQueue(emptyPlayback, [track('a', { src: '' }), track('b')], 0);
    expect(s.index).toBe(1);
  });

  it('bumps startCount so the engine restarts the audio', () => {
    const s = loadQueue(emptyPlayback, abc, 0);
    expect(loadQueue(s, abc, 0).startCount).toBe(s.startCount + 1);
  });

  it('keeps shuffle and repeat settings across queues', () => {
    const s = toggleRepeat(toggleShuffle(emptyPlayback));
    const loaded = loadQueue(s, abc, 2, { rng: fixedRng(0) });
    expect(loaded.shuffle).toBe(true);
    expect(loaded.repeat).toBe(true);
    expect(loaded.order[0]).toBe(2);
    expect([...loaded.order].sort()).toEqual([0, 1, 2]);
  });
});

describe("'No song data available'", () => {
  it.each([
    ['an empty list', [], 0],
    ['a list that is not a list', { not: 'a list' }, 0],
    ['undefined', undefined, 0],
    ['a negative index (song not found)', abc, -1],
    ['an index past the end', abc, 3],
    ['a fractional index', abc, 0.5],
    ['a list where nothing can play', [track('a', { unavailable: true })], 0],
  ])('shows for %s', (_label, tracks, index) => {
    const s = loadQueue(emptyPlayback, tracks, index);
    expect(playbackError(s)).toBe(MESSAGES.noSongData);
    expect(currentTrack(s)).toBeNull();
    expect(s.playing).toBe(false);
  });

  it('shows for the empty initial state, where play and next do nothing', () => {
    expect(playbackError(emptyPlayback)).toBe(MESSAGES.noSongData);
    expect(togglePlay(emptyPlayback)).toBe(emptyPlayback);
    expect(next(emptyPlayback)).toBe(emptyPlayback);
    expect(previous(emptyPlayback)).toBe(emptyPlayback);
  });
});

describe('play and pause', () => {
  it('toggles', () => {
    const s = loadQueue(emptyPlayback, abc, 0);
    expect(togglePlay(s).playing).toBe(false);
    expect(togglePlay(togglePlay(s)).playing).toBe(true);
  });

  it('returns the same state when nothing changes', () => {
    const s = loadQueue(emptyPlayback, abc, 0);
    expect(setPlaying(s, true)).toBe(s);
  });
});

describe('next and previous', () => {
  it('next walks forward and wraps from the last to the first', () => {
    expect(walk(loadQueue(emptyPlayback, abc, 0), next, 4)).toEqual([1, 2, 0, 1]);
  });

  it('previous walks back and wraps from the first to the last', () => {
    expect(walk(loadQueue(emptyPlayback, abc, 0), previous, 4)).toEqual([2, 1, 0, 2]);
  });

  it('skip unavailable tracks in both directions', () => {
    const list = [
      track('a'),
      track('b', { unavailable: true }),
      track('c'),
      track('d', { unavailable: true }),
    ];
    const s = loadQueue(emptyPlayback, list, 0);
    expect(walk(s, next, 3)).toEqual([2, 0, 2]);
    expect(walk(s, previous, 3)).toEqual([2, 0, 2]);
  });

  it('restart the track (startCount) even on a one-track queue', () => {
    const s = loadQueue(emptyPlayback, [track('a')], 0);
    const n = next(s);
    expect(n.index).toBe(0);
    expect(n.startCount).toBe(s.startCount + 1);
  });

  it('keep the playing flag as it was', () => {
    const paused = setPlaying(loadQueue(emptyPlayback, abc, 0), false);
    expect(next(paused).playing).toBe(false);
  });
});

describe('shuffle', () => {
  it('builds a random order of every index starting at the current one', () => {
    const s = toggleShuffle(
      loadQueue(emptyPlayback, [...abc, track('d'), track('e')], 2),
      fixedRng(0),
    );
    expect(s.shuffle).toBe(true);
    expect(s.order[0]).toBe(2);
    expect([...s.order].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('uses the injected RNG (Fisher–Yates)', () => {
    // rest = [1, 2, 3]; with rng 0 each swap picks the first slot: [1,2,3] → [3,2,1]... → [2,3,1]
    expect(shuffledOrder(4, 0, fixedRng(0))).toEqual([0, 2, 3, 1]);
    // rng just below 1 never swaps
    expect(shuffledOrder(4, 0, fixedRng(0.999))).toEqual([0, 1, 2, 3]);
  });

  it('next follows the order, and wraps around it', () => {
    let s = loadQueue(emptyPlayback, [...abc, track('d')], 0);
    s = { ...toggleShuffle(s), order: [0, 3, 1, 2] };
    expect(walk(s, next, 5)).toEqual([3, 1, 2, 0, 3]);
  });

  it('previous goes back along the order', () => {
    let s = loadQueue(emptyPlayback, [...abc, track('d')], 0);
    s = { ...toggleShuffle(s), order: [0, 3, 1, 2] };
    expect(walk(s, previous, 2)).toEqual([2, 1]);
  });

  it('follows the order from a track reached by a jump', () => {
    let s = loadQueue(emptyPlayback, [...abc, track('d')], 0);
    s = jumpTo({ ...toggleShuffle(s), order: [0, 3, 1, 2] }, 1);
    expect(next(s).index).toBe(2);
  });

  it('off drops the order and returns to list order', () => {
    let s = toggleShuffle(loadQueue(emptyPlayback, abc, 0));
    s = toggleShuffle(s);
    expect(s.shuffle).toBe(false);
    expect(s.order).toEqual([]);
    expect(next(s).index).toBe(1);
  });
});

describe('a track ending', () => {
  it('advances and keeps playing', () => {
    const s = trackEnded(loadQueue(emptyPlayback, abc, 2));
    expect(s.index).toBe(0);
    expect(s.playing).toBe(true);
  });

  it('with repeat on replays the current track', () => {
    const s = toggleRepeat(loadQueue(emptyPlayback, abc, 1));
    const ended = trackEnded(s);
    expect(ended.index).toBe(1);
    expect(ended.startCount).toBe(s.startCount + 1);
    expect(ended.playing).toBe(true);
  });

  it('repeat toggles off again', () => {
    expect(toggleRepeat(toggleRepeat(emptyPlayback)).repeat).toBe(false);
  });

  it('follows the shuffle order', () => {
    const s = { ...toggleShuffle(loadQueue(emptyPlayback, abc, 0)), order: [0, 2, 1] };
    expect(trackEnded(s).index).toBe(2);
  });

  it('stops on an invalid state', () => {
    expect(trackEnded({ ...emptyPlayback, playing: true }).playing).toBe(false);
  });
});

describe('jump to an index (Queue click)', () => {
  it('plays that item from the start', () => {
    const s = setPlaying(loadQueue(emptyPlayback, abc, 0), false);
    const j = jumpTo(s, 2);
    expect(j.index).toBe(2);
    expect(j.playing).toBe(true);
    expect(j.startCount).toBe(s.startCount + 1);
  });

  it('ignores unavailable items and invalid indexes', () => {
    const s = loadQueue(emptyPlayback, [track('a'), track('b', { unavailable: true })], 0);
    expect(jumpTo(s, 1)).toBe(s);
    expect(jumpTo(s, 7)).toBe(s);
    expect(jumpTo(s, -1)).toBe(s);
  });
});

describe('a failed track', () => {
  it('is marked unavailable and skipped', () => {
    const s = skipFailed(loadQueue(emptyPlayback, abc, 0));
    expect(s.tracks[0]?.unavailable).toBe(true);
    expect(s.index).toBe(1);
    expect(next(next(s)).index).toBe(1);
  });

  it('stops playback when nothing playable is left', () => {
    const s = skipFailed(loadQueue(emptyPlayback, [track('a')], 0));
    expect(s.playing).toBe(false);
    expect(playbackError(s)).toBe(MESSAGES.noSongData);
  });
});

describe('the upcoming track (preloading)', () => {
  it('is the next playable one, the current one on repeat, none when invalid', () => {
    const s = loadQueue(
      emptyPlayback,
      [track('a'), track('b', { unavailable: true }), track('c')],
      0,
    );
    expect(upcomingIndex(s)).toBe(2);
    expect(upcomingIndex(toggleRepeat(s))).toBe(0);
    expect(upcomingIndex(emptyPlayback)).toBe(-1);
  });
});

describe('player widgets', () => {
  it('use the first 9 items in random order, 3 each', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    const [a, b, c] = pickWidgets(items, fixedRng(0.3, 0.7, 0.1));
    expect([a.length, b.length, c.length]).toEqual([3, 3, 3]);
    expect([...a, ...b, ...c].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...a, ...b, ...c]).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('fill what they can from a short catalogue', () => {
    const [a, b, c] = pickWidgets(['x', 'y', 'z', 'w'], fixedRng(0.5));
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(1);
    expect(c).toHaveLength(0);
  });
});

describe('a track the output joined by itself (gapless or crossfade)', () => {
  it('is the upcoming one: the same as the track ending', () => {
    const s = loadQueue(emptyPlayback, abc, 2);
    const after = joined(s, abc[0]!);
    expect(after).toEqual(trackEnded(s));
    expect(after.index).toBe(0);
    expect(after.startCount).toBe(s.startCount + 1);
  });

  it('follows the shuffle order', () => {
    const s = toggleShuffle(loadQueue(emptyPlayback, abc, 0), fixedRng(0));
    const upcoming = upcomingIndex(s);
    expect(joined(s, abc[upcoming]!).index).toBe(upcoming);
  });

  it('jumps to a track the queue changed under the join, and ignores one it no longer holds', () => {
    const s = loadQueue(emptyPlayback, abc, 0);
    expect(joined(s, abc[2]!).index).toBe(2);
    expect(joined(s, track('z'))).toBe(s);
  });
});

describe('more tracks appended (the next page of a paged list)', () => {
  it('go after the last track in list order, and the queue plays on into them', () => {
    const s = appendTracks(loadQueue(emptyPlayback, abc, 2), [track('d'), track('e')]);
    expect(s.tracks.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(s.index).toBe(2);
    expect(next(s).index).toBe(3);
  });

  it('join the shuffle order after the tracks already in it', () => {
    let s = toggleShuffle(loadQueue(emptyPlayback, abc, 0), fixedRng(0));
    const before = s.order;
    s = appendTracks(s, [track('d'), track('e')], fixedRng(0.999));
    expect(s.order.slice(0, 3)).toEqual(before);
    expect([...s.order.slice(3)].sort()).toEqual([3, 4]);
    expect(walk(s, next, 4).slice(2)).toEqual(s.order.slice(3));
  });

  it('leave the state alone when there are none', () => {
    const s = loadQueue(emptyPlayback, abc, 0);
    expect(appendTracks(s, [])).toBe(s);
  });
});
