import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODELS } from '../appModels.js';
import { API_KEY_MODEL } from '../apiKeys/apiKey.model.js';
import { LIKE_MODEL } from '../likes/like.model.js';
import { PLAY_QUEUE_MODEL } from '../playQueue/playQueue.model.js';
import { USER_MODEL } from '../users/user.model.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { addSongs } from './songs.service.js';

/*
 * Two apps in one process over two databases share no listener data: an account, its likes,
 * playlists, play queue and API keys made through one app are not in the other's database, and
 * the other app knows nothing of them. The same email signs up to each app as two accounts.
 * (twoDatabases.test.ts shows their catalogues and views apart.)
 */

const { dbName } = useTestDatabase();
const otherDb = () => mongoose.connection.useDb(`${dbName}_listeners`, { useCache: true });
const one = createTestApp();
const two = createTestApp({}, { connection: otherDb() });
type App = typeof one;

const EMAIL = 'same.person@example.com';
const PASSWORD = 'Str0ng!pass';
const songs = new Map<App, string>();
const admins = new Map<App, TestUser>();

interface Listener {
  _id: string;
  token: string;
}

/** Signs up through the app, follows the link its mail carries, signs in. */
async function signUp(app: App, name: string): Promise<Listener> {
  await request(app.app).post('/api/users').send({ name, email: EMAIL, password: PASSWORD, gender: 'female' }).expect(200);
  const mails = await readOutbox(app.ctx.config.mail.outboxDir);
  const link = findVerificationLink(mails.at(-1)?.parsed.text);
  expect(link).toBeDefined();
  await request(app.app).get(new URL(link!).pathname.replace(/^\/users/, '/api/users')).expect(200);
  const login = await request(app.app).post('/api/login').send({ email: EMAIL, password: PASSWORD }).expect(200);
  return { _id: login.body.data._id, token: login.body.authToken };
}

/** What the listener has in this app: liked song ids, playlist names, queued song ids, API key names. */
async function holdings(app: App, listener: Listener) {
  const get = async (url: string) => (await request(app.app).get(url).set('x-auth-token', listener.token).expect(200)).body.data;
  return {
    likes: await get('/api/songs/like/ids'),
    playlists: ((await get('/api/playlists/user-playlists')) as { name: string }[]).map((playlist) => playlist.name),
    queue: (((await get('/api/play-queue')) as { songs: { _id: string }[] } | null)?.songs ?? []).map((song) => song._id),
    apiKeys: ((await get('/api/account/api-keys')) as { name: string }[]).map((key) => key.name),
  };
}

/** Likes the app's song, makes a playlist, saves a queue and an API key; the key. */
async function fill(app: App, listener: Listener, name: string): Promise<string> {
  const as = { 'x-auth-token': listener.token };
  const songId = songs.get(app)!;
  await request(app.app).put(`/api/songs/like/${songId}`).set(as).expect(200);
  await request(app.app).post('/api/playlists').set(as).send({ name, desc: '' }).expect(201);
  await request(app.app).put('/api/play-queue').set(as).send({ songs: [songId], current: 0, position: 12 }).expect(200);
  return (await request(app.app).post('/api/account/api-keys').set(as).send({ name }).expect(201)).body.data.key;
}

const ping = async (app: App, apiKey: string) =>
  (await request(app.app).get(`/rest/ping?${new URLSearchParams({ apiKey, v: '1.16.1', c: 'test', f: 'json' })}`).expect(200)).body['subsonic-response'];

let first: Listener;
let second: Listener;
let firstKey: string;
let secondKey: string;

beforeAll(async () => {
  await clearDatabase();
  await otherDb().dropDatabase();
  // The test file's database got its indexes when it connected; the other one gets them here.
  await two.ctx.data.createIndexes(APP_MODELS);
  for (const [app, name] of [
    [one, 'Aardvark Anthem'],
    [two, 'Bison Ballad'],
  ] as const) {
    const [id] = await addSongs(app.ctx, [{ name, artist: 'Band', img: 'https://img.test/a.png', song: 'https://audio.test/a.mp3' }]);
    songs.set(app, id!);
    admins.set(app, await createUser({ admin: true }, app.ctx.data));
  }
});
afterAll(async () => {
  await otherDb().dropDatabase();
});

describe('two apps in one process over two databases share no listener data', () => {
  it('the same email signs up, verifies and signs in to each app as its own account', async () => {
    first = await signUp(one, 'First Self');
    // App two has never heard of that account: its sign-in fails, and app one's token is refused.
    await request(two.app).post('/api/login').send({ email: EMAIL, password: PASSWORD }).expect(401);
    await request(two.app).get('/api/songs/like/ids').set('x-auth-token', first.token).expect(401);

    second = await signUp(two, 'Second Self');
    expect(second._id).not.toBe(first._id);
    await request(one.app).get('/api/songs/like/ids').set('x-auth-token', second.token).expect(401);
    expect(await one.ctx.data.model(USER_MODEL).find({ email: EMAIL }).distinct('_id')).toEqual([new mongoose.Types.ObjectId(first._id)]);
    expect(await two.ctx.data.model(USER_MODEL).find({ email: EMAIL }).distinct('_id')).toEqual([new mongoose.Types.ObjectId(second._id)]);
  });

  it("a listener's likes, playlists, play queue and API keys in one app are not in the other, either way", async () => {
    firstKey = await fill(one, first, 'One mix');
    expect(await holdings(one, first)).toEqual({ likes: [songs.get(one)], playlists: ['One mix'], queue: [songs.get(one)], apiKeys: ['One mix'] });
    expect(await holdings(two, second)).toEqual({ likes: [], playlists: [], queue: [], apiKeys: [] });

    secondKey = await fill(two, second, 'Two mix');
    expect(await holdings(two, second)).toEqual({ likes: [songs.get(two)], playlists: ['Two mix'], queue: [songs.get(two)], apiKeys: ['Two mix'] });
    expect(await holdings(one, first)).toEqual({ likes: [songs.get(one)], playlists: ['One mix'], queue: [songs.get(one)], apiKeys: ['One mix'] });

    // Each app's key signs in to its own app's Subsonic API only.
    expect((await ping(one, firstKey)).status).toBe('ok');
    expect((await ping(two, firstKey)).error.code).toBe(44);
    expect((await ping(two, secondKey)).status).toBe('ok');
    expect((await ping(one, secondKey)).error.code).toBe(44);

    // Each database holds its own app's rows only.
    for (const [app, listener] of [
      [one, first],
      [two, second],
    ] as const) {
      const owners = async (model: typeof LIKE_MODEL | typeof API_KEY_MODEL) => (await app.ctx.data.model(model).distinct('user')).map(String);
      expect(await owners(LIKE_MODEL)).toEqual([listener._id]);
      expect(await owners(API_KEY_MODEL)).toEqual([listener._id]);
      // A play queue is keyed by its listener.
      expect((await app.ctx.data.model(PLAY_QUEUE_MODEL).distinct('_id')).map(String)).toEqual([listener._id]);
    }
  });

  it("deleting the account in one app leaves the other's, and tells only its own app's followers", async () => {
    const told = new Map<App, string[]>([
      [one, []],
      [two, []],
    ]);
    const stops = [one, two].map((app) => app.ctx.accounts.onUserChanged((id) => told.get(app)!.push(id)));
    try {
      await request(one.app).delete(`/api/users/${first._id}`).set('x-auth-token', admins.get(one)!.token).expect(200);
    } finally {
      for (const stop of stops) stop();
    }
    expect(told.get(one)).toEqual([first._id]);
    expect(told.get(two)).toEqual([]);
    await request(one.app).get('/api/songs/like/ids').set('x-auth-token', first.token).expect(401);
    expect((await ping(one, firstKey)).error.code).toBe(44);
    expect(await holdings(two, second)).toEqual({ likes: [songs.get(two)], playlists: ['Two mix'], queue: [songs.get(two)], apiKeys: ['Two mix'] });
    expect(one.ctx.keySealer).not.toBe(two.ctx.keySealer);
  });
});
