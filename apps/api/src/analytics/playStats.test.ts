import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { AppData } from '../db/appData.js';
import { playStats, recordPlay } from './plays.repo.js';

useTestDatabase();
countEngineCalls();

const data = new AppData();
const id = () => new mongoose.Types.ObjectId().toHexString();

describe('play counts, when this process is the only writer', () => {
  beforeAll(async () => {
    setSoleWriter(true);
    await clearDatabase();
  });
  afterAll(() => setSoleWriter(false));

  it('are read once, then a play recorded here is added without reading every play again', async () => {
    const [listener, song, other] = [id(), id(), id()];
    await recordPlay(data, listener, song, new Date('2026-01-01T10:00:00Z'));
    const first = await playStats(data);
    expect(first.get(song)).toEqual({ plays: 1, lastPlayed: new Date('2026-01-01T10:00:00Z') });

    const { calls, value } = await (async () => {
      let value: Map<string, { plays: number; lastPlayed: Date }> | undefined;
      const { calls } = await engineCallsDuring(async () => {
        await recordPlay(data, listener, song.toUpperCase(), new Date('2026-01-02T10:00:00Z'));
        await recordPlay(data, listener, other, new Date('2026-01-01T09:00:00Z'));
        value = await playStats(data);
      });
      return { calls, value: value! };
    })();
    expect(calls).toEqual({ 'plays.save': 2 });
    expect(value).not.toBe(first);
    expect(value.get(song)).toEqual({ plays: 2, lastPlayed: new Date('2026-01-02T10:00:00Z') });
    expect(value.get(other)).toEqual({ plays: 1, lastPlayed: new Date('2026-01-01T09:00:00Z') });
    // The same as counting every play afresh.
    data.forgetKept();
    expect(await playStats(data)).toEqual(value);
  });
});
