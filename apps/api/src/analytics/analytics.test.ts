import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, ANALYTICS_SIGNUP_DAYS, type AdminAnalytics } from '@samaa/shared';
import { clearDatabase, useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { addSongs } from '../songs/songs.service.js';
import { generateSongs } from '../songs/generateSongs.js';
import { insertLike } from '../likes/likes.repo.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { USER_MODEL } from '../users/user.model.js';
import { signupsPerDay } from './analytics.service.js';

const UserModel = storedModel(USER_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp();

const DAY = 24 * 3600 * 1000;
let admin: TestUser;

beforeEach(async () => {
  await clearDatabase();
  admin = await createUser({ admin: true });
});

const analytics = (user: TestUser) => request(app).get('/api/admin/analytics').set('x-auth-token', user.token);

describe('GET /api/admin/analytics', () => {
  it('counts users, songs, playlists and likes, and ranks the most liked songs', async () => {
    const listeners = [await createUser(), await createUser(), await createUser({ verified: false })];
    const generated = generateSongs(12, 9);
    const songs = (await addSongs(ctx, generated)).map((_id, i) => ({ ...generated[i]!, _id }));
    // Three likes for song 2, two for song 1, one for song 0; the others none.
    for (const [user, song] of [
      [0, 2],
      [1, 2],
      [2, 2],
      [0, 1],
      [1, 1],
      [0, 0],
    ] as const) {
      await insertLike(ctx.data, listeners[user]!._id, songs[song]!._id);
    }
    await insertPlaylists(ctx.playlists, [{ name: 'p', user: listeners[0]!._id }]);

    const res = await analytics(admin);
    expect(res.status).toBe(200);
    const data = res.body.data as AdminAnalytics;
    expect(data).toMatchObject({ users: 4, verifiedUsers: 3, songs: 12, playlists: 1, likes: 6 });
    expect(data.topSongs.map((t) => [t.song._id, t.likes])).toEqual([
      [songs[2]!._id, 3],
      [songs[1]!._id, 2],
      [songs[0]!._id, 1],
    ]);
    expect(data.topSongs[0]!.song).toMatchObject({ name: songs[2]!.name, artist: songs[2]!.artist });
  });

  it('keeps at most 10 top songs', async () => {
    const user = await createUser();
    const songIds = await addSongs(ctx, generateSongs(12, 4));
    for (const songId of songIds) await insertLike(ctx.data, user._id, songId);
    expect((await analytics(admin)).body.data.topSongs).toHaveLength(10);
  });

  it('reports signups per day for the last 30 days, zero days included', async () => {
    const res = await analytics(admin);
    const days = res.body.data.signupsPerDay as AdminAnalytics['signupsPerDay'];
    expect(days).toHaveLength(ANALYTICS_SIGNUP_DAYS);
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 1 });
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
  });

  it('answers 403 to a listener and 401 without a token', async () => {
    const listener = await createUser();
    const res = await analytics(listener);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_MESSAGES.forbidden });
    expect((await request(app).get('/api/admin/analytics')).status).toBe(401);
  });
});

describe('signupsPerDay', () => {
  it('buckets createdAt by UTC day and ignores older signups', async () => {
    const now = new Date('2026-03-31T10:00:00Z');
    const at = (iso: string) => new Date(iso);
    await UserModel.deleteMany({});
    const base = { password: 'x', gender: 'female' };
    await UserModel.insertMany(
      [
        { email: 'a@x.test', createdAt: at('2026-03-31T00:00:00Z') },
        { email: 'b@x.test', createdAt: at('2026-03-31T09:59:00Z') },
        { email: 'c@x.test', createdAt: at('2026-03-02T23:59:59Z') },
        { email: 'd@x.test', createdAt: at('2026-03-01T23:59:59Z') },
        { email: 'e@x.test', createdAt: new Date(now.getTime() - 90 * DAY) },
      ].map((u, i) => ({ ...base, name: `User ${i}`, ...u, updatedAt: u.createdAt })),
      { lean: true },
    );
    const days = await signupsPerDay(ctx.data, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-03-02', count: 1 });
    expect(days.at(-1)).toEqual({ date: '2026-03-31', count: 2 });
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });
});
