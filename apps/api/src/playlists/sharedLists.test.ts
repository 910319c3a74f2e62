import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { PLAYLISTS_CHECK_MS } from './playlists.repo.js';

useTestDatabase();
const { app } = createTestApp();

describe("a user's playlist list, cached", () => {
  it(`shows a playlist another process created within ${2 * PLAYLISTS_CHECK_MS} ms`, async () => {
    const user = await createUser();
    const list = () => request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
    expect((await list()).body.data).toEqual([]);
    // Another API process creates a playlist and, as its data layer does, moves the playlists stamp.
    const db = mongoose.connection.db!;
    const { insertedId } = await db.collection('playlists').insertOne({
      name: 'Made elsewhere',
      desc: '',
      img: '',
      songs: [],
      user: new mongoose.Types.ObjectId(user._id),
      createdAt: new Date(),
    });
    await db
      .collection<{ _id: string }>('user_playlists')
      .updateOne({ _id: user._id.toLowerCase() }, { $set: { ids: Buffer.from(insertedId.id), rev: 'elsewhere' } }, { upsert: true });
    await db.collection<{ _id: string }>('shared_stamps').updateOne({ _id: 'playlists' }, { $set: { stamp: 'moved elsewhere' } }, { upsert: true });
    const createdAt = Date.now();
    while ((await list()).body.data.length === 0) await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - createdAt).toBeLessThanOrEqual(2 * PLAYLISTS_CHECK_MS + 200);
  });
});
