import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerTrack } from '../queue';
import { PLAYER_STORAGE_KEYS } from '../persistence';
import { PlayerEngine } from './PlayerEngine';
import { FakeOutput } from '../../../test/fakeOutput';
import { SETTINGS_KEY } from './settings';

const track = (id: string): PlayerTrack => ({
  id,
  name: `Song ${id}`,
  artist: 'A',
  img: '',
  src: `/media/audio/${id}.mp3`,
});
const abc = [track('a'), track('b'), track('c')];

let output: FakeOutput;
function engineFor(owner: string | null = 'u1') {
  const engine = new PlayerEngine({
    owner,
    createOutput: (_elements, events) => (output = new FakeOutput(events)),
  });
  engine.attach({ main: new Audio(), second: new Audio() });
  output.calls = [];
  return engine;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the player engine, without React', () => {
  it('loads a new queue, playing, and names the upcoming track', () => {
    const engine = engineFor();
    engine.playQueue(abc, 1);
    expect(output.calls).toEqual(['load b @0 playing']);
    expect(output.upcoming?.id).toBe('c');
    expect(engine.getSnapshot().track?.id).toBe('b');
  });

  it('follows a join the output made by itself, without loading anything', () => {
    const engine = engineFor();
    engine.playQueue(abc, 0);
    output.calls = [];
    output.at = 0.05;
    output.length = 200;
    output.events.advanced(abc[1]!);
    expect(output.calls).toEqual([]);
    expect(engine.getSnapshot()).toMatchObject({ track: abc[1], position: 0.05, duration: 200 });
    expect(output.upcoming?.id).toBe('c');
  });

  it('loads the next track when one ends with nothing joined, and replays it on repeat', () => {
    const engine = engineFor();
    engine.playQueue(abc, 2);
    output.calls = [];
    output.events.ended();
    expect(output.calls).toEqual(['load a @0 playing']);
    engine.toggleRepeat();
    expect(output.upcoming?.id).toBe('a');
    output.calls = [];
    output.events.ended();
    expect(output.calls).toEqual(['load a @0 playing']);
  });

  it('skips a track that fails, and pauses on a blocked autoplay', () => {
    const engine = engineFor();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    engine.playQueue(abc, 0);
    output.events.failed('load', new Error('404'));
    expect(engine.getSnapshot().track?.id).toBe('b');
    expect(engine.getSnapshot().playback.tracks[0]?.unavailable).toBe(true);
    output.calls = [];
    output.events.failed('blocked', new Error('NotAllowedError'));
    expect(output.calls).toEqual(['pause']);
    expect(engine.getSnapshot()).toMatchObject({
      track: { id: 'b' },
      playback: { playing: false },
    });
  });

  it('pauses and plays without reloading', () => {
    const engine = engineFor();
    engine.playQueue(abc, 0);
    output.calls = [];
    engine.togglePlay();
    engine.togglePlay();
    expect(output.calls).toEqual(['pause', 'play']);
  });

  it('reads the position once a second while playing; the queue keeps its identity', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const engine = engineFor();
    engine.playQueue(abc, 0);
    const playback = engine.getSnapshot().playback;
    const seen = vi.fn();
    engine.subscribe(seen);
    output.at = 12.34;
    output.length = 200;
    vi.advanceTimersByTime(999);
    expect(seen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot()).toMatchObject({ position: 12.34, duration: 200 });
    expect(engine.getSnapshot().playback).toBe(playback);
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.position)).toBe('12.3');
    engine.pause();
    output.at = 20;
    vi.advanceTimersByTime(5000);
    expect(engine.getSnapshot().position).toBe(12.34);
  });

  it('clamps a seek to the track and saves it', () => {
    const engine = engineFor();
    engine.playQueue(abc, 0);
    output.length = 100;
    engine.seek(150);
    engine.seekBy(-30);
    expect(output.calls.slice(-2)).toEqual(['seek 100', 'seek 70']);
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.position)).toBe('70');
  });

  it('remembers the crossfade (0 to 12 s, in half seconds) and normalisation per browser', () => {
    const engine = engineFor();
    engine.setCrossfade(30);
    engine.setNormalize(false);
    expect(engine.getSnapshot().settings).toEqual({ crossfade: 12, normalize: false });
    engine.setCrossfade(2.3);
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual({
      crossfade: 2.5,
      normalize: false,
    });
    expect(new PlayerEngine({ owner: null }).getSnapshot().settings).toEqual({
      crossfade: 2.5,
      normalize: false,
    });
  });

  it('restores the owner’s queue paused at the saved position, and no one else’s', () => {
    const first = engineFor('u1');
    first.playQueue(abc, 1);
    output.at = 42;
    window.dispatchEvent(new Event('pagehide'));
    first.detach();
    expect(output.calls).toContain('dispose');

    const again = engineFor('u1');
    expect(again.getSnapshot()).toMatchObject({
      track: { id: 'b' },
      position: 42,
      playback: { playing: false },
    });
    expect(new PlayerEngine({ owner: 'u2' }).getSnapshot().track).toBeNull();
  });

  it('loads the restored track into the output when attached', () => {
    engineFor('u1').playQueue(abc, 2);
    const engine = new PlayerEngine({
      owner: 'u1',
      createOutput: (_e, events) => (output = new FakeOutput(events)),
    });
    engine.attach({ main: new Audio(), second: new Audio() });
    expect(output.calls).toContain('load c @0 paused');
  });
});

describe('queue edits', () => {
  it('play next and add to queue leave the current track playing', () => {
    const engine = engineFor();
    engine.playQueue(abc, 1);
    output.calls = [];
    engine.playNext([track('x')]);
    engine.addToQueue([track('y')]);
    expect(output.calls).toEqual([]);
    expect(engine.getSnapshot().playback.tracks.map((t) => t.id)).toEqual(['a', 'b', 'x', 'c', 'y']);
    expect(output.upcoming?.id).toBe('x');
  });

  it('moving the current track or one before it does not restart it', () => {
    const engine = engineFor();
    engine.playQueue(abc, 1);
    output.calls = [];
    engine.moveTrack(0, 2);
    engine.moveTrack(0, 1);
    expect(output.calls).toEqual([]);
    expect(engine.getSnapshot().track?.id).toBe('b');
  });

  it('removing the current track plays the next one; clearing keeps the current one', () => {
    const engine = engineFor();
    engine.playQueue(abc, 1);
    output.calls = [];
    engine.removeTrack(1);
    expect(output.calls).toEqual(['load c @0 playing']);
    engine.clearQueue();
    expect(engine.getSnapshot().playback.tracks.map((t) => t.id)).toEqual(['c']);
    expect(output.calls).toEqual(['load c @0 playing']);
  });

  it('adopts a queue from elsewhere paused at its position, unless something plays', () => {
    const engine = engineFor();
    engine.adoptQueue(abc, 2, 8.2);
    expect(output.calls).toEqual(['load c @0 paused', 'seek 8.2']);
    expect(engine.getSnapshot()).toMatchObject({ position: 8.2, playback: { playing: false, index: 2 } });
    engine.play();
    output.calls = [];
    engine.adoptQueue([track('z')], 0, 1);
    expect(output.calls).toEqual([]);
  });
});
