import { describe, expect, it } from 'vitest';
import type { PlayReport } from '@samaa/shared';
import type { PlayerSnapshot } from './engine/PlayerEngine';
import { reportPlays } from './playReports';

const SONG = '0123456789abcdef01234567';

function fakeEngine() {
  let listener = () => {};
  let snapshot = {
    track: { id: SONG, name: 'Dawn', artist: 'A', img: '', src: '/a.mp3' },
    playback: { playing: true, startCount: 1 },
    position: 0,
    duration: 100,
  } as unknown as PlayerSnapshot;
  return {
    subscribe: (l: () => void) => {
      listener = l;
      return () => {};
    },
    getSnapshot: () => snapshot,
    set(change: Partial<Omit<PlayerSnapshot, 'playback'>> & { playing?: boolean; startCount?: number }) {
      const { playing, startCount, ...rest } = change;
      snapshot = {
        ...snapshot,
        ...rest,
        playback: { ...snapshot.playback, ...(playing === undefined ? {} : { playing }), ...(startCount === undefined ? {} : { startCount }) },
      };
      listener();
    },
  };
}

describe('reportPlays', () => {
  it('announces a song once, and counts it after half of it was listened to, seeks not counted', () => {
    const engine = fakeEngine();
    const sent: PlayReport[] = [];
    reportPlays(engine, (report) => sent.push(report));
    engine.set({ position: 0 });
    expect(sent).toEqual([{ songId: SONG, submission: false }]);
    engine.set({ position: 40 }); // a seek
    for (let s = 41; s <= 88; s += 1) engine.set({ position: s });
    expect(sent).toHaveLength(1);
    engine.set({ position: 89 });
    engine.set({ position: 90 });
    expect(sent).toEqual([
      { songId: SONG, submission: false },
      { songId: SONG, submission: true },
    ]);
    engine.set({ position: 95 });
    expect(sent).toHaveLength(2);
    // Played again from the start: a new play.
    engine.set({ startCount: 2, position: 0 });
    expect(sent.at(-1)).toEqual({ songId: SONG, submission: false });
  });

  it('reports nothing while paused, nor for tracks outside the catalogue', () => {
    const engine = fakeEngine();
    const sent: PlayReport[] = [];
    reportPlays(engine, (report) => sent.push(report));
    engine.set({ playing: false, position: 1 });
    expect(sent).toEqual([]);
    engine.set({ track: { id: 'saavn-123', name: 'x', artist: 'y', img: '', src: '/b.mp3' }, playing: true, position: 2 });
    expect(sent).toEqual([]);
  });
});
