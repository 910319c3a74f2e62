import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { IDENTITY_TTL_MS } from '../users/users.repo.js';

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

  it(`is refused within ${IDENTITY_TTL_MS} ms after a delete by another process`, async () => {
    const gone = await createUser();
    expect((await likedIds(gone.token)).status).toBe(200);
    // Another API process deletes the user: this one learns of it when its entry expires.
    await mongoose.connection.db!.collection('users').deleteOne({ _id: new mongoose.Types.ObjectId(gone._id) });
    const deletedAt = Date.now();
    while ((await likedIds(gone.token)).status === 200) await new Promise((r) => setTimeout(r, 100));
    expect(Date.now() - deletedAt).toBeLessThanOrEqual(IDENTITY_TTL_MS + 200);
  });
});
