import { describe, expect, it } from 'vitest';
import { emptyPlayback, loadQueue, next, toggleShuffle, type PlaybackState, type PlayerTrack, type Rng } from './queue';
import { addToQueue, clearQueue, moveTrack, playNext, removeTrack } from './queueEdits';

const track = (id: string): PlayerTrack => ({ id, name: `Song ${id}`, artist: 'Artist', img: '', src: `https://audio/${id}.mp3` });
const tracks = (...ids: string[]) => ids.map(track);
const ids = (s: PlaybackState) => s.tracks.map((t) => t.id);
/** The ids in the order they will play, from the current one. */
function playOrder(s: PlaybackState): string[] {
  const seen: string[] = [];
  let state = s;
  for (let i = 0; i < s.tracks.length; i += 1) {
    seen.push(state.tracks[state.index]!.id);
    state = next(state);
  }
  return seen;
}
const noRandom: Rng = () => 0;
const queue = (start = 1) => loadQueue(emptyPlayback, tracks('a', 'b', 'c', 'd'), start);
const shuffled = () => toggleShuffle(queue(1), noRandom);

describe('play next', () => {
  it('goes right after the current track', () => {
    const s = playNext(queue(1), tracks('x', 'y'));
    expect(ids(s)).toEqual(['a', 'b', 'x', 'y', 'c', 'd']);
    expect(s.index).toBe(1);
    expect(playOrder(s)).toEqual(['b', 'x', 'y', 'c', 'd', 'a']);
  });

  it('goes right after the current track in the shuffle order', () => {
    const before = shuffled();
    const expected = playOrder(before);
    const s = playNext(before, tracks('x'));
    expect(s.tracks[s.index]?.id).toBe('b');
    expect(playOrder(s)).toEqual([expected[0], 'x', ...expected.slice(1)]);
  });

  it('keeps the current track playing, not restarted', () => {
    const before = queue(2);
    const s = playNext(before, tracks('x'));
    expect(s.playing).toBe(true);
    expect(s.startCount).toBe(before.startCount);
    expect(s.tracks[s.index]).toBe(before.tracks[2]);
  });

  it('on an empty queue makes the songs the queue, paused', () => {
    const s = playNext(emptyPlayback, tracks('x', 'y'));
    expect(ids(s)).toEqual(['x', 'y']);
    expect(s.index).toBe(0);
    expect(s.playing).toBe(false);
  });

  it('ignores nothing to add', () => {
    const before = queue();
    expect(playNext(before, [])).toBe(before);
  });
});

describe('add to queue', () => {
  it('goes after the last track', () => {
    const s = addToQueue(queue(1), tracks('x'));
    expect(ids(s)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(playOrder(s)).toEqual(['b', 'c', 'd', 'x', 'a']);
  });

  it('goes last in the shuffle order', () => {
    const before = shuffled();
    const s = addToQueue(before, tracks('x', 'y'));
    expect(s.order.slice(-2)).toEqual([4, 5]);
    expect(s.order.slice(0, 4)).toEqual(before.order);
  });

  it('on an empty queue makes the songs the queue, paused', () => {
    const s = addToQueue(emptyPlayback, tracks('x'));
    expect(s.index).toBe(0);
    expect(s.playing).toBe(false);
  });
});

describe('moving a track', () => {
  it('moves it and the current index follows its track', () => {
    const s = moveTrack(queue(1), 1, 3);
    expect(ids(s)).toEqual(['a', 'c', 'd', 'b']);
    expect(s.tracks[s.index]?.id).toBe('b');
    const t = moveTrack(queue(1), 3, 0);
    expect(ids(t)).toEqual(['d', 'a', 'b', 'c']);
    expect(t.tracks[t.index]?.id).toBe('b');
  });

  it('keeps the shuffle order of the same songs', () => {
    const before = shuffled();
    const s = moveTrack(before, 0, 3);
    expect(playOrder(s)).toEqual(playOrder(before));
  });

  it('ignores moves out of the list', () => {
    const before = queue();
    expect(moveTrack(before, 0, 4)).toBe(before);
    expect(moveTrack(before, -1, 0)).toBe(before);
    expect(moveTrack(before, 2, 2)).toBe(before);
  });
});

describe('removing a track', () => {
  it('removes one before or after the current one, which plays on', () => {
    const before = queue(2);
    const s = removeTrack(before, 0);
    expect(ids(s)).toEqual(['b', 'c', 'd']);
    expect(s.tracks[s.index]?.id).toBe('c');
    expect(s.startCount).toBe(before.startCount);
    expect(ids(removeTrack(before, 3))).toEqual(['a', 'b', 'c']);
  });

  it('removing the current one moves to the one that would play next', () => {
    const before = queue(1);
    const s = removeTrack(before, 1);
    expect(s.tracks[s.index]?.id).toBe('c');
    expect(s.playing).toBe(true);
    expect(s.startCount).toBe(before.startCount + 1);
    const last = removeTrack(queue(3), 3);
    expect(last.tracks[last.index]?.id).toBe('a');
  });

  it('in shuffle, the order of play loses only that song', () => {
    const before = shuffled();
    const s = removeTrack(before, 2);
    expect(playOrder(s)).toEqual(playOrder(before).filter((id) => id !== 'c'));
  });

  it('removing the only track empties the queue', () => {
    const s = removeTrack(loadQueue(emptyPlayback, tracks('a'), 0), 0);
    expect(s.tracks).toEqual([]);
    expect(s.index).toBe(-1);
    expect(s.playing).toBe(false);
  });
});

describe('clearing the queue', () => {
  it('keeps only the current track, playing on', () => {
    const before = shuffled();
    const s = clearQueue(before);
    expect(ids(s)).toEqual(['b']);
    expect(s.index).toBe(0);
    expect(s.order).toEqual([0]);
    expect(s.playing).toBe(true);
    expect(s.tracks[0]).toBe(before.tracks[1]);
  });

  it('with nothing current, empties it', () => {
    expect(clearQueue({ ...queue(), index: -1 }).tracks).toEqual([]);
  });
});
