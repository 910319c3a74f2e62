import { describe, expect, it } from 'vitest';
import {
  loadSession,
  loadVolume,
  PLAYER_STORAGE_KEYS,
  savePosition,
  saveQueue,
  saveVolume,
} from './persistence';
import { emptyPlayback, loadQueue, toggleRepeat, toggleShuffle, type PlayerTrack } from './queue';

const track = (id: string): PlayerTrack => ({
  id,
  name: id,
  artist: 'A',
  img: '',
  src: `/a/${id}.mp3`,
});

describe('player session persistence', () => {
  it('restores queue, index, shuffle, repeat and position, paused', () => {
    const state = toggleRepeat(
      toggleShuffle(loadQueue(emptyPlayback, [track('a'), track('b'), track('c')], 1)),
    );
    saveQueue(state, 'u1');
    savePosition(42.5);
    const saved = loadSession('u1');
    expect(saved?.position).toBe(42.5);
    expect(saved?.state.tracks.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(saved?.state.index).toBe(1);
    expect(saved?.state.shuffle).toBe(true);
    expect(saved?.state.order).toEqual(state.order);
    expect(saved?.state.repeat).toBe(true);
    expect(saved?.state.playing).toBe(false);
  });

  it("never restores another listener's queue", () => {
    saveQueue(loadQueue(emptyPlayback, [track('a')], 0), 'u1');
    expect(loadSession('u2')).toBeNull();
    expect(loadSession(null)).toBeNull();
  });

  it('forgets an empty queue', () => {
    saveQueue(loadQueue(emptyPlayback, [track('a')], 0), 'u1');
    savePosition(12);
    saveQueue(emptyPlayback, 'u1');
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.position)).toBeNull();
    expect(loadSession('u1')).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['no tracks', JSON.stringify({ owner: 'u1', tracks: [], index: 0 })],
    ['a malformed track', JSON.stringify({ owner: 'u1', tracks: [{ id: 1 }], index: 0 })],
    ['an index out of range', JSON.stringify({ owner: 'u1', tracks: [track('a')], index: 3 })],
  ])('ignores a saved value with %s', (_label, raw) => {
    localStorage.setItem(PLAYER_STORAGE_KEYS.session, raw);
    expect(loadSession('u1')).toBeNull();
  });

  it('drops a shuffle order that does not match the queue', () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEYS.session,
      JSON.stringify({
        owner: 'u1',
        tracks: [track('a'), track('b')],
        index: 0,
        shuffle: true,
        order: [0, 5],
      }),
    );
    localStorage.setItem(PLAYER_STORAGE_KEYS.position, '-3');
    const saved = loadSession('u1');
    expect(saved?.state.shuffle).toBe(false);
    expect(saved?.state.order).toEqual([]);
    expect(saved?.position).toBe(0);
  });
});

describe('volume persistence', () => {
  it('defaults to full volume, not muted', () => {
    expect(loadVolume()).toEqual({ volume: 1, muted: false });
  });

  it('remembers volume and mute', () => {
    saveVolume({ volume: 0.4, muted: true });
    expect(loadVolume()).toEqual({ volume: 0.4, muted: true });
  });

  it('rejects an out-of-range volume', () => {
    localStorage.setItem(PLAYER_STORAGE_KEYS.volume, JSON.stringify({ volume: 7, muted: 'yes' }));
    expect(loadVolume()).toEqual({ volume: 1, muted: false });
  });
});

describe('the sync mark', () => {
  it('is kept per listener', async () => {
    const { loadSyncMark, saveSyncMark } = await import('./persistence');
    saveSyncMark({ synced: '2026-01-01T00:00:00.000Z', changedAt: 5 }, 'u1');
    expect(loadSyncMark('u1')).toEqual({ synced: '2026-01-01T00:00:00.000Z', changedAt: 5 });
    expect(loadSyncMark('u2')).toEqual({});
    localStorage.setItem(PLAYER_STORAGE_KEYS.sync, '{broken');
    expect(loadSyncMark('u1')).toEqual({});
  });
});
