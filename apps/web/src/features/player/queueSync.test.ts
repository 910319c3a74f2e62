import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayQueue, PlayQueueInput, Song } from '@samaa/shared';
import { FakeOutput } from '../../test/fakeOutput';
import { PlayerEngine } from './engine/PlayerEngine';
import { loadSyncMark, saveQueue, saveSyncMark } from './persistence';
import { emptyPlayback, loadQueue, type PlayerTrack } from './queue';
import { queueForServer, serverQueueWins, startQueueSync } from './queueSync';
import { USER_SESSION_ENDING } from '../../session/session';

const id = (n: number) => n.toString(16).padStart(24, '0');
const track = (n: number): PlayerTrack => ({ id: id(n), name: `Song ${n}`, artist: 'A', img: '', src: `/media/audio/${n}.mp3` });
const song = (n: number): Song => ({ _id: id(n), name: `Song ${n}`, artist: 'A', img: '', song: `/media/audio/${n}.mp3` }) as Song;
const serverQueue = (changed: string, ...ns: number[]): PlayQueue => ({ songs: ns.map(song), current: ns.length - 1, position: 8.2, changed, changedBy: 'Phone' });

function engineFor() {
  const engine = new PlayerEngine({ owner: 'u1', createOutput: (_e, events) => new FakeOutput(events) });
  engine.attach({ main: new Audio(), second: new Audio() });
  return engine;
}

function sync(engine: PlayerEngine, server: PlayQueue | null, signedIn?: () => boolean) {
  const saved: PlayQueueInput[] = [];
  const sentOnExit: PlayQueueInput[] = [];
  const stop = startQueueSync(engine, {
    signedIn,
    owner: 'u1',
    fetchQueue: () => Promise.resolve(server),
    saveQueue: async (queue) => {
      saved.push(queue);
      return { changed: `saved-${saved.length}` };
    },
    sendOnExit: (queue) => sentOnExit.push(queue) > 0,
    delayMs: 2000,
  });
  return { saved, sentOnExit, stop };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the queue as the server keeps it', () => {
  it('holds the catalogue songs and the current one among them', () => {
    const state = loadQueue(emptyPlayback, [track(1), { ...track(2), id: 'saavn-x' }, track(3)], 2);
    expect(queueForServer(state, 8.24)).toEqual({ songs: [id(1), id(3)], current: 1, position: 8.2 });
    // Playing a JioSaavn track: the next catalogue song is current, from its start.
    expect(queueForServer({ ...state, index: 1 }, 50)).toEqual({ songs: [id(1), id(3)], current: 1, position: 0 });
    expect(queueForServer(loadQueue(emptyPlayback, [{ ...track(2), id: 'saavn-x' }], 0), 1)).toBeNull();
    expect(queueForServer(emptyPlayback, 0)).toEqual({ songs: [], position: 0 });
  });

  it('the server’s wins when this browser has none, or it changed elsewhere later', () => {
    const server = serverQueue('2026-01-02T00:00:00.000Z', 1);
    expect(serverQueueWins(server, false, {})).toBe(true);
    expect(serverQueueWins(server, true, { synced: server.changed })).toBe(false);
    expect(serverQueueWins(server, true, { synced: 'older' })).toBe(true);
    expect(serverQueueWins(server, true, { synced: 'older', changedAt: Date.parse('2026-01-03') })).toBe(false);
    expect(serverQueueWins(null, false, {})).toBe(false);
  });
});

describe('syncing with the server', () => {
  it('takes the server’s queue on start when this browser has none, paused at its position', async () => {
    const engine = engineFor();
    const { saved } = sync(engine, serverQueue('t1', 1, 2));
    await vi.runAllTimersAsync();
    expect(engine.getSnapshot()).toMatchObject({ position: 8.2, playback: { index: 1, playing: false } });
    expect(engine.getSnapshot().playback.tracks.map((t) => t.id)).toEqual([id(1), id(2)]);
    expect(saved).toEqual([]);
    expect(loadSyncMark('u1')).toEqual({ synced: 't1' });
  });

  it('saves a change once, a moment after the last of several', async () => {
    const engine = engineFor();
    const { saved } = sync(engine, null);
    await vi.runAllTimersAsync();
    engine.playQueue([track(1), track(2)], 0);
    engine.addToQueue([track(3)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(saved).toEqual([{ songs: [id(1), id(2), id(3)], current: 0, position: 0 }]);
    expect(loadSyncMark('u1')).toEqual({ synced: 'saved-1' });
  });

  it('keeps this browser’s queue when the server’s is the one it saved, and sends what is unsaved as the page goes', async () => {
    saveQueue(loadQueue(emptyPlayback, [track(5)], 0, { autoplay: false }), 'u1');
    saveSyncMark({ synced: 't1' }, 'u1');
    const engine = engineFor();
    const { saved, sentOnExit } = sync(engine, serverQueue('t1', 1));
    await vi.runAllTimersAsync();
    expect(engine.getSnapshot().playback.tracks.map((t) => t.id)).toEqual([id(5)]);
    expect(saved).toEqual([]);
    // Nothing unsaved: an idle tab going away leaves the server's queue alone.
    window.dispatchEvent(new Event('pagehide'));
    expect(sentOnExit).toEqual([]);
    engine.seek(30);
    window.dispatchEvent(new Event('pagehide'));
    expect(sentOnExit).toEqual([{ songs: [id(5)], current: 0, position: 30 }]);
  });

  it('sends an unsaved change as the listener logs out, and nothing once the session is gone', async () => {
    let session = true;
    const engine = engineFor();
    const { saved, sentOnExit } = sync(engine, null, () => session);
    await vi.runAllTimersAsync();
    engine.playQueue([track(1), track(2)], 0);
    // Logout within the save's delay: the change goes with the session still there...
    window.dispatchEvent(new Event(USER_SESSION_ENDING));
    session = false;
    expect(sentOnExit).toEqual([{ songs: [id(1), id(2)], current: 0, position: 0 }]);
    // ...and the delayed save, due after the session is cleared, sends nothing (it would be refused).
    engine.addToQueue([track(3)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saved).toEqual([]);
  });

  it('pushes a local change the server has not seen', async () => {
    saveQueue(loadQueue(emptyPlayback, [track(5)], 0, { autoplay: false }), 'u1');
    saveSyncMark({ synced: 't1', changedAt: Date.parse('2026-02-01') }, 'u1');
    const engine = engineFor();
    const { saved } = sync(engine, serverQueue('2026-01-01T00:00:00.000Z', 1));
    await vi.runAllTimersAsync();
    expect(saved).toEqual([{ songs: [id(5)], current: 0, position: 0 }]);
  });
});
