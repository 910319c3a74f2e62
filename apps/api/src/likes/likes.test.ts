import mongoose from 'mongoose';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, CATALOGUE_MESSAGES } from '@samaa/shared';
import { useTestDatabase, storedModel } from '../test/db.js';
import { TEST_JWT_SECRET, createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { signToken } from '../auth/jwt.js';
import { LIKE_MODEL, likeId } from './like.model.js';
import { migrateData } from '../db/migrations.js';
import { dataStartup } from '../dataStartup.js';
import { toggleLike } from './likes.service.js';

const LikeModel = storedModel(LIKE_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp();

let alice: TestUser;
let bob: TestUser;
let songIds: string[];

beforeEach(async () => {
  ({ alice, bob, songIds } = await listenersWithSongs(ctx, 3, 3));
});

const like = (user: TestUser, songId: string) =>
  request(app).put(`/api/songs/like/${songId}`).set('x-auth-token', user.token);

describe('PUT /api/songs/like/:songId', () => {
  it('toggles the like for the token user', async () => {
    const first = await like(alice, songIds[0]!);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: CATALOGUE_MESSAGES.songLiked, liked: true });
    expect(await LikeModel.countDocuments({ user: alice._id, song: songIds[0] })).toBe(1);

    const second = await like(alice, songIds[0]!);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ message: CATALOGUE_MESSAGES.songUnliked, liked: false });
    expect(await LikeModel.countDocuments()).toBe(0);
  });

  it('keeps users apart', async () => {
    await like(alice, songIds[0]!);
    const res = await like(bob, songIds[0]!);
    expect(res.body.liked).toBe(true);
    expect(await LikeModel.countDocuments({ song: songIds[0] })).toBe(2);
  });

  it('never stores a duplicate under concurrent toggles', async () => {
    await Promise.all([like(alice, songIds[1]!), like(alice, songIds[1]!), like(alice, songIds[1]!)]);
    expect(await LikeModel.countDocuments({ user: alice._id, song: songIds[1] })).toBeLessThanOrEqual(1);
  });

  it('answers 404 for an unknown song, 400 for a bad id, 401 without a token', async () => {
    const unknown = await like(alice, '0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: CATALOGUE_MESSAGES.songNotFound });
    const bad = await like(alice, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: API_MESSAGES.invalidId });
    const anonymous = await request(app).put(`/api/songs/like/${songIds[0]}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: API_MESSAGES.noToken });
    expect(await LikeModel.countDocuments()).toBe(0);
  });
});

describe('like ids', () => {
  it('stores each like under the deterministic _id "userId:songId"', async () => {
    await like(alice, songIds[0]!.toUpperCase());
    const stored = await LikeModel.findById(`${alice._id}:${songIds[0]}`).lean();
    expect(stored).toMatchObject({ user: new mongoose.Types.ObjectId(alice._id), song: new mongoose.Types.ObjectId(songIds[0]) });
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(likeId(alice._id.toUpperCase(), songIds[0]!)).toBe(stored?._id);
  });

  it('ends with the state the answers report under concurrent double toggles', async () => {
    for (const songId of songIds) {
      const results = await Promise.all([toggleLike(ctx, alice._id, songId), toggleLike(ctx, alice._id, songId)]);
      const stored = await LikeModel.countDocuments({ user: alice._id, song: songId });
      // One after the other: the first likes, the second unlikes.
      expect(results.sort()).toEqual([false, true]);
      expect(stored).toBe(0);
    }
  });
});

describe('likes stored by older builds (ObjectId _id)', () => {
  const legacyLike = async (user: TestUser, songId: string, createdAt = new Date()) => {
    await LikeModel.collection.insertOne({
      _id: new mongoose.Types.ObjectId(),
      user: new mongoose.Types.ObjectId(user._id),
      song: new mongoose.Types.ObjectId(songId),
      createdAt,
    } as never);
  };

  it('are re-keyed once at start, keeping their order, and then toggle like any other', async () => {
    const older = new Date(Date.now() - 60_000);
    await legacyLike(alice, songIds[0]!, older);
    await legacyLike(bob, songIds[0]!);
    await like(alice, songIds[1]!);
    await migrateData(ctx.data, ctx.logger, dataStartup.migrations);

    expect(await LikeModel.countDocuments({ _id: { $type: 'objectId' } })).toBe(0);
    expect((await LikeModel.findById(likeId(alice._id, songIds[0]!)).lean())?.createdAt).toEqual(older);
    const listed = await request(app).get(`/api/songs/like/${alice._id}`).set('x-auth-token', alice.token);
    expect(listed.body.data.map((s: { _id: string }) => s._id)).toEqual([songIds[1], songIds[0]]);

    expect((await like(alice, songIds[0]!)).body).toEqual({ message: CATALOGUE_MESSAGES.songUnliked, liked: false });
    expect(await LikeModel.countDocuments({ song: songIds[0] })).toBe(1);
    expect(await LikeModel.exists({ _id: likeId(bob._id, songIds[0]!) })).not.toBeNull();
  });
});

describe('GET /api/songs/like/ids', () => {
  it("lists the token user's liked song ids only", async () => {
    await like(alice, songIds[0]!);
    await like(alice, songIds[2]!);
    await like(bob, songIds[1]!);
    const res = await request(app).get('/api/songs/like/ids').set('x-auth-token', alice.token);
    expect(res.status).toBe(200);
    expect([...res.body.data].sort()).toEqual([songIds[0], songIds[2]].sort());
    expect((await request(app).get('/api/songs/like/ids')).status).toBe(401);
  });
});

describe('GET /api/songs/like/:userId', () => {
  it('lists the liked songs, most recently liked first', async () => {
    for (const id of [songIds[1]!, songIds[0]!, songIds[2]!]) {
      await like(alice, id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await request(app).get(`/api/songs/like/${alice._id}`).set('x-auth-token', alice.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { _id: string }) => s._id)).toEqual([songIds[2], songIds[0], songIds[1]]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'artist', 'img', 'name', 'song']);
  });

  it('pages with ?limit and ?page, with the total; a bad limit is a 400', async () => {
    for (const id of [songIds[1]!, songIds[0]!, songIds[2]!]) {
      await like(alice, id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const page = async (q: string) =>
      (await request(app).get(`/api/songs/like/${alice._id}?${q}`).set('x-auth-token', alice.token)).body as {
        data: { _id: string }[];
        total: number;
      };
    const first = await page('limit=2');
    expect(first.data.map((s) => s._id)).toEqual([songIds[2], songIds[0]]);
    expect(first.total).toBe(3);
    expect(await page('limit=2&page=2')).toEqual({ data: [expect.objectContaining({ _id: songIds[1] })], total: 3 });
    expect(await page('limit=2&page=3')).toEqual({ data: [], total: 3 });
    const bad = await request(app).get(`/api/songs/like/${alice._id}?limit=0`).set('x-auth-token', alice.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: CATALOGUE_MESSAGES.badLimit });
  });

  it('survives logout and login: a fresh token sees the same likes', async () => {
    await like(alice, songIds[0]!);
    const freshToken = signToken({ _id: alice._id, name: alice.name, isAdmin: false }, TEST_JWT_SECRET, '1h');
    const res = await request(app).get('/api/songs/like/ids').set('x-auth-token', freshToken);
    expect(res.body).toEqual({ data: [songIds[0]] });
  });

  it("answers 403 to another listener reading someone's likes", async () => {
    await like(alice, songIds[0]!);
    const res = await request(app).get(`/api/songs/like/${alice._id}`).set('x-auth-token', bob.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_MESSAGES.forbidden });
  });

  it("lets an admin read anyone's likes", async () => {
    const admin = await createUser({ admin: true });
    await like(alice, songIds[0]!);
    const res = await request(app).get(`/api/songs/like/${alice._id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it('answers an empty list when nothing is liked, 400 for a bad id', async () => {
    const res = await request(app).get(`/api/songs/like/${bob._id}`).set('x-auth-token', bob.token);
    expect(res.body).toEqual({ data: [] });
    expect((await request(app).get('/api/songs/like/123').set('x-auth-token', bob.token)).status).toBe(400);
  });
});
