import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, MAX_PLAY_QUEUE, type PlayQueue } from '@samaa/shared';
import { useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { deleteSong } from '../songs/songs.service.js';
import { subsonicClient } from '../test/subsonicClient.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { PLAY_QUEUE_MODEL } from './playQueue.model.js';

const PlayQueueModel = storedModel(PLAY_QUEUE_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp();
countEngineCalls();

let server: ListeningApp;
let alice: TestUser;
let bob: TestUser;
let songIds: string[];

beforeAll(async () => {
  server = await listenApp(app);
});
afterAll(() => server?.close());
beforeEach(async () => {
  ({ alice, bob, songIds } = await listenersWithSongs(ctx, 6, 11));
});

const put = (user: TestUser, body: unknown) => request(app).put('/api/play-queue').set('x-auth-token', user.token).send(body as object);
const get = async (user: TestUser) => {
  const res = await request(app).get('/api/play-queue').set('x-auth-token', user.token).expect(200);
  return res.body.data as PlayQueue | null;
};
const subsonic = async (user: TestUser) => subsonicClient(server.url, { username: user.email, password: (await createApiKey(ctx, user._id, { name: 'Phone' })).key }, 'json');

describe('/api/play-queue', () => {
  it('keeps the listener’s own queue: saved, read back, and nobody else’s', async () => {
    expect(await get(alice)).toBeNull();
    const saved = await put(alice, { songs: songIds.slice(0, 3), current: 1, position: 8.2 }).expect(200);
    expect(saved.body.data.songs).toBe(3);
    const queue = await get(alice);
    expect(queue).toMatchObject({ current: 1, position: 8.2, changedBy: 'Samaa web', changed: saved.body.data.changed });
    expect(queue!.songs.map((s) => s._id)).toEqual(songIds.slice(0, 3));
    expect(await get(bob)).toBeNull();
  });

  it('needs a signed-in listener', async () => {
    await request(app).get('/api/play-queue').expect(401);
    await request(app).put('/api/play-queue').send({ songs: [] }).expect(401);
  });

  it('answers 400 with a message for a bad queue, and keeps the one before', async () => {
    await put(alice, { songs: [songIds[0]], position: 1 }).expect(200);
    const bad = [
      {},
      { songs: 'abc' },
      { songs: ['not-an-id'] },
      { songs: [songIds[0]], current: 1 },
      { songs: [songIds[0]], current: -1 },
      { songs: [songIds[0]], position: -3 },
      { songs: [songIds[0]], position: 90_000 },
    ];
    for (const body of bad) {
      const res = await put(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await get(alice))!.songs.map((s) => s._id)).toEqual([songIds[0]]);
  });

  it(`holds at most ${MAX_PLAY_QUEUE} songs, as Subsonic does`, async () => {
    const full = Array.from({ length: MAX_PLAY_QUEUE }, (_, i) => songIds[i % songIds.length]!);
    await put(alice, { songs: full, current: MAX_PLAY_QUEUE - 1, position: 0 }).expect(200);
    expect((await get(alice))!.songs).toHaveLength(MAX_PLAY_QUEUE);
    const over = await put(alice, { songs: [...full, songIds[0]], position: 0 }).expect(400);
    expect(over.body.message).toBe(`A play queue holds at most ${MAX_PLAY_QUEUE} songs`);
    const huge = await request(app)
      .put('/api/play-queue')
      .set('x-auth-token', alice.token)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ songs: Array.from({ length: 20_000 }, () => songIds[0]) }))
      .expect(413);
    expect(huge.body.message).toBe(API_MESSAGES.payloadTooLarge);
  });

  it('an empty queue removes the kept one', async () => {
    await put(alice, { songs: [songIds[0]], position: 0 }).expect(200);
    await put(alice, { songs: [], position: 0 }).expect(200);
    expect(await get(alice)).toBeNull();
    expect(await PlayQueueModel.findById(alice._id).lean()).toBeNull();
  });

  it('leaves out songs deleted since, the current index following', async () => {
    await put(alice, { songs: songIds.slice(0, 4), current: 2, position: 5 }).expect(200);
    await deleteSong(ctx, songIds[0]!);
    const queue = await get(alice);
    expect(queue!.songs.map((s) => s._id)).toEqual(songIds.slice(1, 4));
    expect(queue!.current).toBe(1);
    // An id the catalogue no longer holds is dropped from a save, not refused.
    await put(alice, { songs: [songIds[0], songIds[1]], current: 1, position: 0 }).expect(200);
    expect(await get(alice)).toMatchObject({ current: 0, songs: [expect.objectContaining({ _id: songIds[1] })] });
  });

  it('reads and writes one document by its id, whatever the catalogue holds', async () => {
    await ctx.catalogue.songsById();
    const write = await engineCallsDuring(() => put(alice, { songs: songIds.slice(0, 2), position: 0 }).expect(200));
    expect(write.calls['play_queues.replaceOne']).toBe(1);
    expect(write.records.songs ?? 0).toBe(0);
    const read = await engineCallsDuring(() => get(alice));
    expect(read.calls['play_queues.findOne']).toBe(1);
    expect(read.records).toMatchObject({ play_queues: 1 });
    expect(read.records.songs ?? 0).toBe(0);
  });
});

describe('one queue for the web player and Subsonic apps', () => {
  it('a queue saved on the web is what getPlayQueue answers', async () => {
    await put(alice, { songs: songIds.slice(0, 3), current: 2, position: 12.5 }).expect(200);
    const { playQueue } = await (await subsonic(alice)).getPlayQueue();
    expect(playQueue!.entry!.map((e) => e.id)).toEqual(songIds.slice(0, 3));
    expect(playQueue).toMatchObject({ current: songIds[2], position: 12500, changedBy: 'Samaa web' });
  });

  it('a queue saved by an app is what the web reads', async () => {
    const api = await subsonic(alice);
    await api.savePlayQueue({ id: [songIds[4]!, songIds[3]!], current: songIds[3]!, position: 4200, c: 'PhoneApp' } as never);
    const queue = await get(alice);
    expect(queue).toMatchObject({ current: 1, position: 4.2, changedBy: 'PhoneApp' });
    expect(queue!.songs.map((s) => s._id)).toEqual([songIds[4], songIds[3]]);
    expect(await get(bob)).toBeNull();
  });
});

describe('POST /api/play-queue/playlist', () => {
  it('saves the queue as a new own playlist, in order', async () => {
    const res = await request(app)
      .post('/api/play-queue/playlist')
      .set('x-auth-token', alice.token)
      .send({ name: 'Tonight', songs: [songIds[2], songIds[0], songIds[2]] })
      .expect(201);
    expect(res.body.data).toMatchObject({ name: 'Tonight' });
    const own = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token).expect(200);
    const saved = (own.body.data as { _id: string; songs: { _id: string }[] }[]).find((p) => p._id === res.body.data._id);
    expect(saved!.songs.map((s) => s._id)).toEqual(res.body.data.songs.map((s: { _id: string }) => s._id));
    expect(saved!.songs[0]!._id).toBe(songIds[2]);
  });

  it('answers 400 without a name or songs, and creates nothing', async () => {
    for (const body of [{ songs: [songIds[0]] }, { name: ' ', songs: [songIds[0]] }, { name: 'Empty', songs: [] }, { name: 'Gone', songs: ['0123456789abcdef01234567'] }]) {
      const res = await request(app).post('/api/play-queue/playlist').set('x-auth-token', alice.token).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const own = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token).expect(200);
    expect(own.body.data).toEqual([]);
  });
});
