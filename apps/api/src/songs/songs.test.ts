import mongoose from 'mongoose';
import { CATALOGUE_BOUND_MS } from './catalogue.js';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, CATALOGUE_MESSAGES, MESSAGES } from '@samaa/shared';
import { clearDatabase, useTestDatabase, storedSongs, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { LIKE_MODEL } from '../likes/like.model.js';
import { insertLike } from '../likes/likes.repo.js';
import { PLAYLIST_MODEL } from '../playlists/playlist.model.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { createSong } from './songs.service.js';
import { generateSongs } from './generateSongs.js';

const LikeModel = storedModel(LIKE_MODEL);

const SongModel = storedSongs();

useTestDatabase();
const { app, ctx } = createTestApp();
const playlistModel = () => ctx.data.model(PLAYLIST_MODEL);

const body = { name: 'Kesariya', artist: 'Arijit Singh', img: 'https://img.test/k.jpg', song: '/media/audio/1700000000000kesariya.mp3' };
let admin: TestUser;
let listener: TestUser;

beforeEach(async () => {
  await clearDatabase();
  admin = await createUser({ admin: true });
  listener = await createUser();
});

/** Inserts songs one by one so each has a later createdAt than the previous. */
async function insertInOrder(count: number) {
  const ids: string[] = [];
  for (const input of generateSongs(count, 7)) {
    ids.push((await createSong(ctx, input))._id);
    await new Promise((r) => setTimeout(r, 2));
  }
  return ids;
}

describe('GET /api/songs', () => {
  it('is public and lists newest first with exactly the song fields', async () => {
    const ids = await insertInOrder(3);
    const res = await request(app).get('/api/songs');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { _id: string }) => s._id)).toEqual([...ids].reverse());
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'artist', 'img', 'name', 'song']);
  });

  it('answers an empty catalogue with an empty list', async () => {
    const res = await request(app).get('/api/songs');
    expect(res.body).toEqual({ data: [] });
  });

  it('pages with ?limit and ?page', async () => {
    const ids = [...(await insertInOrder(5))].reverse();
    const page = async (q: string) =>
      (await request(app).get(`/api/songs?${q}`)).body.data.map((s: { _id: string }) => s._id);
    expect(await page('limit=2')).toEqual(ids.slice(0, 2));
    expect(await page('limit=2&page=2')).toEqual(ids.slice(2, 4));
    expect(await page('limit=2&page=3')).toEqual(ids.slice(4));
    expect(await page('limit=2&page=4')).toEqual([]);
    expect(await page('page=1')).toEqual(ids);
    // A page carries the catalogue's size, so a paged list can show it and know where it ends.
    expect((await request(app).get('/api/songs?limit=2&page=4')).body).toEqual({ data: [], total: 5 });
  });

  it.each([
    ['limit=0', CATALOGUE_MESSAGES.badLimit],
    ['limit=501', CATALOGUE_MESSAGES.badLimit],
    ['limit=abc', CATALOGUE_MESSAGES.badLimit],
    ['limit=1.5', CATALOGUE_MESSAGES.badLimit],
    ['limit=1&limit=2', CATALOGUE_MESSAGES.badLimit],
    ['page=0', CATALOGUE_MESSAGES.badPage],
    ['page=-1', CATALOGUE_MESSAGES.badPage],
  ])('rejects ?%s with 400', async (q, message) => {
    const res = await request(app).get(`/api/songs?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('reflects every write at once (the cached list follows the catalogue version)', async () => {
    const ids = await insertInOrder(2);
    expect((await request(app).get('/api/songs')).body.data).toHaveLength(2);
    await request(app).put(`/api/songs/${ids[0]}`).set('x-auth-token', admin.token).send({ ...body, name: 'Renamed' });
    const renamed = (await request(app).get('/api/songs')).body.data;
    expect(renamed.find((s: { _id: string }) => s._id === ids[0]).name).toBe('Renamed');
    await request(app).delete(`/api/songs/${ids[1]}`).set('x-auth-token', admin.token);
    expect((await request(app).get('/api/songs')).body.data.map((s: { _id: string }) => s._id)).toEqual([ids[0]]);
  });

  it('sees writes made by another process once the shared version moves', async () => {
    await insertInOrder(1);
    expect((await request(app).get('/api/songs')).body.data).toHaveLength(1);
    // Another API process: its own cache, the same database. Simulated with raw driver writes.
    const db = mongoose.connection.db!;
    await db.collection('songs').insertOne({ ...body, createdAt: new Date(), updatedAt: new Date() });
    await db.collection('catalogue_versions').updateOne({ _id: 'songs' as never }, { $inc: { version: 1 } });
    // This process reads the shared version ahead every 250 ms and waits for it past 1 s.
    await new Promise((r) => setTimeout(r, CATALOGUE_BOUND_MS + 50));
    expect((await request(app).get('/api/songs')).body.data).toHaveLength(2);
  });

  it('serves the full list gzipped to clients that accept it', async () => {
    await insertInOrder(2);
    const res = await request(app).get('/api/songs').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.data).toHaveLength(2);
    const plain = await request(app).get('/api/songs').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data).toHaveLength(2);
  });

  it('answers 304 to a revalidation while nothing changed', async () => {
    await insertInOrder(1);
    const first = await request(app).get('/api/songs');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await request(app).get('/api/songs').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    await createSong(ctx, body);
    const changed = await request(app).get('/api/songs').set('If-None-Match', first.headers.etag!);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toHaveLength(2);
  });
});

describe('POST /api/songs', () => {
  it('creates a song for an admin: 201 {data, message}', async () => {
    const res = await request(app).post('/api/songs').set('x-auth-token', admin.token).send({ ...body, name: '  Kesariya  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.formSubmitted);
    expect(res.body.data).toMatchObject({ ...body, _id: expect.any(String) });
    expect(await SongModel.countDocuments()).toBe(1);
  });

  it('answers 401 without a token and 403 for a listener', async () => {
    expect((await request(app).post('/api/songs').send(body)).status).toBe(401);
    const res = await request(app).post('/api/songs').set('x-auth-token', listener.token).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_MESSAGES.forbidden });
    expect(await SongModel.countDocuments()).toBe(0);
  });

  it.each([
    [{ ...body, name: '' }, '"Name" is not allowed to be empty'],
    [{ ...body, artist: 'a'.repeat(101) }, '"Artist" length must be less than or equal to 100 characters long'],
    [{ ...body, song: 'javascript:alert(1)' }, '"Song" must be an http(s) URL or a media store path'],
    [{ ...body, img: { $gt: '' } }, '"Image" must be one of [string]'],
    [{ name: 'x', artist: 'y', img: body.img }, '"Song" is required'],
  ])('rejects an invalid body with 400 (%#)', async (payload, message) => {
    const res = await request(app).post('/api/songs').set('x-auth-token', admin.token).send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await SongModel.countDocuments()).toBe(0);
  });
});

describe('PUT /api/songs/:id', () => {
  it('updates a song: 200 {data, message}', async () => {
    const song = await createSong(ctx, body);
    const res = await request(app)
      .put(`/api/songs/${song._id}`)
      .set('x-auth-token', admin.token)
      .send({ ...body, _id: String(song._id), name: 'Kesariya (Reprise)' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ...body, _id: String(song._id), name: 'Kesariya (Reprise)' }, message: MESSAGES.songUpdated });
    expect((await SongModel.findById(song._id).lean())?.name).toBe('Kesariya (Reprise)');
  });

  it('answers 400 for a bad id, 404 for an unknown one, 403 for a listener', async () => {
    const bad = await request(app).put('/api/songs/not-an-id').set('x-auth-token', admin.token).send(body);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: API_MESSAGES.invalidId });
    const unknown = await request(app).put('/api/songs/0123456789abcdef01234567').set('x-auth-token', admin.token).send(body);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: CATALOGUE_MESSAGES.songNotFound });
    const song = await createSong(ctx, body);
    const denied = await request(app).put(`/api/songs/${song._id}`).set('x-auth-token', listener.token).send({ ...body, name: 'x' });
    expect(denied.status).toBe(403);
    expect((await SongModel.findById(song._id).lean())?.name).toBe(body.name);
  });

  it('validates the body', async () => {
    const song = await createSong(ctx, body);
    const res = await request(app).put(`/api/songs/${song._id}`).set('x-auth-token', admin.token).send({ ...body, artist: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: '"Artist" is not allowed to be empty' });
  });
});

describe('DELETE /api/songs/:id', () => {
  it('deletes the song and removes it from every playlist and every like', async () => {
    const owner = await createUser();
    const gone = await createSong(ctx, body);
    const kept = await createSong(ctx, { ...body, name: 'Other' });
    const [mine, theirs] = await insertPlaylists(ctx.playlists, [
      { name: 'Mine', user: owner._id, songIds: [gone._id, kept._id] },
      { name: 'Theirs', user: listener._id, songIds: [gone._id] },
    ]);
    await insertLike(ctx.data, owner._id, gone._id);
    await insertLike(ctx.data, listener._id, gone._id);
    await insertLike(ctx.data, listener._id, kept._id);

    const res = await request(app).delete(`/api/songs/${gone._id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CATALOGUE_MESSAGES.songDeleted });

    expect(await SongModel.exists({ _id: gone._id })).toBeNull();
    expect((await playlistModel().findById(mine).lean())!.songs.map(String)).toEqual([kept._id]);
    expect((await playlistModel().findById(theirs).lean())!.songs).toEqual([]);
    expect(await LikeModel.countDocuments({ song: gone._id })).toBe(0);
    expect(await LikeModel.countDocuments({ song: kept._id })).toBe(1);
  });

  it('answers 400, 404 and 403 as expected', async () => {
    expect((await request(app).delete('/api/songs/xyz').set('x-auth-token', admin.token)).status).toBe(400);
    const unknown = await request(app).delete('/api/songs/0123456789abcdef01234567').set('x-auth-token', admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: CATALOGUE_MESSAGES.songNotFound });
    const song = await createSong(ctx, body);
    expect((await request(app).delete(`/api/songs/${song._id}`).set('x-auth-token', listener.token)).status).toBe(403);
    expect((await request(app).delete(`/api/songs/${song._id}`)).status).toBe(401);
    expect(await SongModel.exists({ _id: song._id })).not.toBeNull();
  });
});
