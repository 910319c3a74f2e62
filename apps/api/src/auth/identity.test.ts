import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { USERS_BOUND_MS } from '../users/users.repo.js';

useTestDatabase();
const { app } = createTestApp();
const likedIds = (token: string) => request(app).get('/api/songs/like/ids').set('x-auth-token', token);

describe("a token's identity, cached", () => {
  it('is refused at once after a delete on this instance', async () => {
    const admin = await createUser({ admin: true });
    const gone = await createUser();
    expect((await likedIds(gone.token)).status).toBe(200);
    expect((await request(app).delete(`/api/users/${gone._id}`).set('x-auth-token', admin.token)).status).toBe(200);
    expect((await likedIds(gone.token)).status).toBe(401);
  });

  it(`is refused within ${USERS_BOUND_MS} ms after a delete by another process`, async () => {
    const gone = await createUser();
    expect((await likedIds(gone.token)).status).toBe(200);
    // Another API process deletes the user and, as its data layer does, moves the users stamp:
    // this one learns of it at its next check of the stamp.
    const db = mongoose.connection.db!;
    await db.collection('users').deleteOne({ _id: new mongoose.Types.ObjectId(gone._id) });
    await db.collection<{ _id: string }>('shared_stamps').updateOne({ _id: 'users' }, { $set: { stamp: 'moved elsewhere' } }, { upsert: true });
    const deletedAt = Date.now();
    while ((await likedIds(gone.token)).status === 200) await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - deletedAt).toBeLessThanOrEqual(USERS_BOUND_MS + 200);
  });

});
