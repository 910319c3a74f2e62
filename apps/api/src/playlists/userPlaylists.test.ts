import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { RECENT_MAX, UserPlaylistLists } from './userPlaylists.repo.js';

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
const repo = ctx.playlists.repo.lists;

const lists = () => mongoose.connection.db!.collection<{ _id: string; ids?: mongoose.mongo.Binary | Buffer; rev?: string; playlists?: unknown[] }>('user_playlists');
const ids = (n: number) => Array.from({ length: n }, () => new mongoose.Types.ObjectId().toHexString());

describe("a listener's list of playlist ids", () => {
  it('is kept packed, in creation order, each id once', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b, c] = ids(3) as [string, string, string];
    await repo.addToList(user, [a, b]);
    await repo.addToList(user, [b, c, c]);
    expect(await repo.listedIds(user)).toEqual([a, b, c]);
    const stored = await lists().findOne({ _id: user });
    expect(stored?.playlists).toBeUndefined();
    expect((stored?.ids as mongoose.mongo.Binary).length()).toBe(36);
    await repo.removeFromList(user, [b]);
    expect(await repo.listedIds(user)).toEqual([a, c]);
  });

  it('reads a list an earlier build kept as an array, and converts it on its first change', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b] = ids(2) as [string, string];
    await lists().insertOne({ _id: user, playlists: [new mongoose.Types.ObjectId(a)] });
    expect(await repo.listedIds(user)).toEqual([a]);
    await repo.addToList(user, [b]);
    expect(await repo.listedIds(user)).toEqual([a, b]);
    expect((await lists().findOne({ _id: user }))?.playlists).toBeUndefined();
  });

  it('loses no change another process made meanwhile: the write is refused, read again and retried', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [mine, theirs, later] = ids(3) as [string, string, string];
    await repo.addToList(user, [mine]);
    // Another process appends to the same list, as its data layer does: new ids, new revision.
    const stored = await lists().findOne({ _id: user });
    const both = Buffer.concat([Buffer.from((stored!.ids as mongoose.mongo.Binary).buffer.subarray(0, 12)), Buffer.from(theirs, 'hex')]);
    await lists().updateOne({ _id: user }, { $set: { ids: both, rev: 'theirs' } });
    await repo.addToList(user, [later]);
    expect(await repo.listedIds(user)).toEqual([mine, theirs, later]);
  });

  it('stays deleted when deleted elsewhere: a known revision never recreates it', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b] = ids(2) as [string, string];
    await repo.addToList(user, [a]);
    await lists().deleteOne({ _id: user });
    await repo.addToList(user, [b]);
    expect(await repo.listedIds(user)).toEqual([b]);
  });

  it('holds every playlist of a burst of creates by one listener', async () => {
    const user = await createUser();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name: `Mix ${i}`, desc: '' }),
      ),
    );
    expect(created.map((res) => res.status)).toEqual(Array(20).fill(201));
    const listed = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
    expect(new Set(listed.body.data.map((p: { _id: string }) => p._id))).toEqual(new Set(created.map((res) => res.body.data._id)));
  });

  describe('once long, in two parts: the older ids and the newest', () => {
    const packedLength = async (id: string) => {
      const doc = await lists().findOne({ _id: id });
      return doc?.ids ? (doc.ids as mongoose.mongo.Binary).length() : undefined;
    };

    it('appends to the recent part alone, folding it into the older one once it is full', async () => {
      const user = new mongoose.Types.ObjectId().toHexString();
      const first = ids(RECENT_MAX);
      await repo.addToList(user, first);
      expect(await packedLength(`${user}:recent`)).toBeUndefined();
      const olderRev = (await lists().findOne({ _id: user }))?.rev;
      const next = ids(10);
      const { calls } = await engineCallsDuring(() => Promise.all(next.map((id) => repo.addToList(user, [id]))));
      // Concurrent adds go together, each round one write of the recent part; the older part is not rewritten.
      expect(Object.keys(calls)).toEqual(['user_playlists.updateOne']);
      expect(calls['user_playlists.updateOne']).toBeLessThanOrEqual(3);
      expect((await lists().findOne({ _id: user }))?.rev).toBe(olderRev);
      expect(await packedLength(`${user}:recent`)).toBe(10 * 12);
      expect(await repo.listedIds(user)).toEqual([...first, ...next]);

      const more = ids(RECENT_MAX - 10);
      for (const id of more) await repo.addToList(user, [id]);
      expect(await packedLength(user)).toBe(2 * RECENT_MAX * 12);
      expect(await packedLength(`${user}:recent`)).toBe(0);
      expect(await repo.listedIds(user)).toEqual([...first, ...next, ...more]);
    });

    it('takes an id off whichever part holds it, and adds none twice', async () => {
      const user = new mongoose.Types.ObjectId().toHexString();
      const first = ids(RECENT_MAX);
      const [a, b] = ids(2) as [string, string];
      await repo.addToList(user, first);
      await repo.addToList(user, [a, b, first[0]!, a]);
      await repo.removeFromList(user, [first[1]!, a]);
      expect(await repo.listedIds(user)).toEqual([first[0], ...first.slice(2), b]);
    });

    it('counts an id in both parts once (a fold cut short), and clears it from the recent part at the next change', async () => {
      const user = new mongoose.Types.ObjectId().toHexString();
      const first = ids(RECENT_MAX);
      const [late, later] = ids(2) as [string, string];
      await repo.addToList(user, first);
      await lists().updateOne({ _id: `${user}:recent` }, { $set: { ids: Buffer.from(first[5]! + late, 'hex'), rev: 'cut' } }, { upsert: true });
      // Read afresh, as another app would.
      const fresh = new UserPlaylistLists(ctx.data);
      expect(await fresh.listedIds(user)).toEqual([...first, late]);
      await fresh.addToList(user, [later]);
      expect(await packedLength(`${user}:recent`)).toBe(2 * 12);
      expect(await fresh.listedIds(user)).toEqual([...first, late, later]);
    });

    it('loses no add another process made to the recent part meanwhile', async () => {
      const user = new mongoose.Types.ObjectId().toHexString();
      const first = ids(RECENT_MAX);
      const [mine, theirs, later] = ids(3) as [string, string, string];
      await repo.addToList(user, [...first, mine]);
      await repo.addToList(user, [mine]);
      const stored = await lists().findOne({ _id: `${user}:recent` });
      expect(stored).toBeNull();
      await repo.addToList(user, [theirs]);
      // Another process appends to the recent part: new ids, new revision.
      await lists().updateOne({ _id: `${user}:recent` }, { $set: { ids: Buffer.from(theirs + later, 'hex'), rev: 'theirs' } });
      const [last] = ids(1) as [string];
      await repo.addToList(user, [last]);
      expect(await repo.listedIds(user)).toEqual([...first, mine, theirs, later, last]);
    });
  });
});
