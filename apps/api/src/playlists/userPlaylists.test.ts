import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { addToList, listedIds, removeFromList } from './userPlaylists.repo.js';

useTestDatabase();
const { app } = createTestApp();

const lists = () => mongoose.connection.db!.collection<{ _id: string; ids?: mongoose.mongo.Binary | Buffer; rev?: string; playlists?: unknown[] }>('user_playlists');
const ids = (n: number) => Array.from({ length: n }, () => new mongoose.Types.ObjectId().toHexString());

describe("a listener's list of playlist ids", () => {
  it('is kept packed, in creation order, each id once', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b, c] = ids(3) as [string, string, string];
    await addToList(user, [a, b]);
    await addToList(user, [b, c, c]);
    expect(await listedIds(user)).toEqual([a, b, c]);
    const stored = await lists().findOne({ _id: user });
    expect(stored?.playlists).toBeUndefined();
    expect((stored?.ids as mongoose.mongo.Binary).length()).toBe(36);
    await removeFromList(user, [b]);
    expect(await listedIds(user)).toEqual([a, c]);
  });

  it('reads a list an earlier build kept as an array, and converts it on its first change', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b] = ids(2) as [string, string];
    await lists().insertOne({ _id: user, playlists: [new mongoose.Types.ObjectId(a)] });
    expect(await listedIds(user)).toEqual([a]);
    await addToList(user, [b]);
    expect(await listedIds(user)).toEqual([a, b]);
    expect((await lists().findOne({ _id: user }))?.playlists).toBeUndefined();
  });

  it('loses no change another process made meanwhile: the write is refused, read again and retried', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [mine, theirs, later] = ids(3) as [string, string, string];
    await addToList(user, [mine]);
    // Another process appends to the same list, as its data layer does: new ids, new revision.
    const stored = await lists().findOne({ _id: user });
    const both = Buffer.concat([Buffer.from((stored!.ids as mongoose.mongo.Binary).buffer.subarray(0, 12)), Buffer.from(theirs, 'hex')]);
    await lists().updateOne({ _id: user }, { $set: { ids: both, rev: 'theirs' } });
    await addToList(user, [later]);
    expect(await listedIds(user)).toEqual([mine, theirs, later]);
  });

  it('stays deleted when deleted elsewhere: a known revision never recreates it', async () => {
    const user = new mongoose.Types.ObjectId().toHexString();
    const [a, b] = ids(2) as [string, string];
    await addToList(user, [a]);
    await lists().deleteOne({ _id: user });
    await addToList(user, [b]);
    expect(await listedIds(user)).toEqual([b]);
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
});
