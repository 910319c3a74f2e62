import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, CATALOGUE_MESSAGES, MESSAGES } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { PLAYLIST_MODEL } from './playlist.model.js';
import { insertPlaylists } from './playlists.seed.js';

useTestDatabase();
const { app, ctx } = createTestApp();
const playlistModel = () => ctx.data.model(PLAYLIST_MODEL);

const UNKNOWN_ID = '0123456789abcdef01234567';
let alice: TestUser;
let bob: TestUser;
let songIds: string[];

beforeEach(async () => {
  ({ alice, bob, songIds } = await listenersWithSongs(ctx, 3, 5));
});

const as = (user: TestUser) => ({
  get: (path: string) => request(app).get(path).set('x-auth-token', user.token),
  post: (path: string) => request(app).post(path).set('x-auth-token', user.token),
  put: (path: string) => request(app).put(path).set('x-auth-token', user.token),
  delete: (path: string) => request(app).delete(path).set('x-auth-token', user.token),
});

async function playlistOf(user: TestUser, name = 'Road trip', songs: string[] = []) {
  const [id] = await insertPlaylists(ctx.playlists, [{ name, desc: 'desc', img: '', user: user._id, songIds: songs }]);
  return id!;
}

describe('POST /api/playlists', () => {
  it('creates a playlist owned by the token user whatever the body says', async () => {
    const res = await as(alice).post('/api/playlists').send({ name: ' Chill ', desc: 'evenings', img: '', user: bob._id });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.formSubmitted);
    expect(res.body.data).toEqual({ _id: expect.any(String), name: 'Chill', desc: 'evenings', img: '', songs: [], user: alice._id });
    expect(await playlistModel().countDocuments({ user: alice._id })).toBe(1);
    expect(await playlistModel().countDocuments({ user: bob._id })).toBe(0);
  });

  it.each([
    [{ desc: 'x' }, '"Name" is required'],
    [{ name: '' }, '"Name" is not allowed to be empty'],
    [{ name: 'n'.repeat(51) }, '"Name" length must be less than or equal to 50 characters long'],
    [{ name: 'ok', desc: 'd'.repeat(301) }, '"Description" length must be less than or equal to 300 characters long'],
    [{ name: { $ne: 1 } }, '"Name" must be a string'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await as(alice).post('/api/playlists').send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await playlistModel().countDocuments()).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const res = await request(app).post('/api/playlists').send({ name: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: API_MESSAGES.noToken });
  });
});

describe('GET /api/playlists/user-playlists', () => {
  it("lists only the user's playlists with their songs populated and true counts", async () => {
    await playlistOf(alice, 'Empty');
    await playlistOf(alice, 'Full', songIds);
    await playlistOf(bob, 'Not mine', songIds);
    const res = await as(alice).get('/api/playlists/user-playlists');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['Empty', 'Full']);
    const full = res.body.data.find((p: { name: string }) => p.name === 'Full');
    expect(full.songs).toHaveLength(3);
    expect(full.songs.map((s: { _id: string }) => s._id)).toEqual(songIds);
    expect(Object.keys(full.songs[0]).sort()).toEqual(['_id', 'artist', 'img', 'name', 'song']);
  });

  it('answers an empty list for a user without playlists', async () => {
    expect((await as(bob).get('/api/playlists/user-playlists')).body).toEqual({ data: [] });
  });
});

describe('GET /api/playlists/:id', () => {
  it('returns the owner their playlist with songs', async () => {
    const id = await playlistOf(alice, 'Mine', [songIds[1]!]);
    const res = await as(alice).get(`/api/playlists/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Mine', desc: 'desc', user: alice._id });
    expect(res.body.data.songs.map((s: { _id: string }) => s._id)).toEqual([songIds[1]]);
  });

  it("answers 403 to another user, 404 to an unknown id and 400 to a bad one", async () => {
    const id = await playlistOf(alice);
    const other = await as(bob).get(`/api/playlists/${id}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: API_MESSAGES.forbidden });
    const unknown = await as(alice).get(`/api/playlists/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: CATALOGUE_MESSAGES.playlistNotFound });
    expect((await as(alice).get('/api/playlists/zzz')).status).toBe(400);
  });
});

describe('PUT /api/playlists/edit/:id', () => {
  it('takes multipart form fields name, desc, img', async () => {
    const id = await playlistOf(alice);
    const res = await as(alice)
      .put(`/api/playlists/edit/${id}`)
      .field('name', 'Renamed')
      .field('desc', 'new desc')
      .field('img', 'https://img.test/cover.png');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.playlistUpdated);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Renamed', desc: 'new desc', img: 'https://img.test/cover.png' });
  });

  it('takes JSON alike, and keeps fields the body leaves out', async () => {
    const id = await playlistOf(alice, 'Old', [songIds[0]!]);
    const res = await as(alice).put(`/api/playlists/edit/${id}`).send({ name: 'New' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'New', desc: 'desc' });
    expect(res.body.data.songs).toHaveLength(1);
  });

  it('validates the fields', async () => {
    const id = await playlistOf(alice);
    const res = await as(alice).put(`/api/playlists/edit/${id}`).field('name', '').field('desc', 'x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: '"Name" is not allowed to be empty' });
    const img = await as(alice).put(`/api/playlists/edit/${id}`).send({ name: 'ok', img: 'javascript:alert(1)' });
    expect(img.status).toBe(400);
  });

  it('answers 400 to a file part instead of crashing', async () => {
    const id = await playlistOf(alice);
    const res = await as(alice)
      .put(`/api/playlists/edit/${id}`)
      .field('name', 'x')
      .attach('img', Buffer.from('not an image'), 'cover.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("answers 403 to another user's edit and leaves it unchanged", async () => {
    const id = await playlistOf(alice);
    const res = await as(bob).put(`/api/playlists/edit/${id}`).field('name', 'Hijacked');
    expect(res.status).toBe(403);
    expect((await playlistModel().findById(id).lean())?.name).toBe('Road trip');
    expect((await as(bob).put(`/api/playlists/edit/${UNKNOWN_ID}`).send({ name: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/playlists/:id', () => {
  it('deletes the own playlist', async () => {
    const id = await playlistOf(alice);
    const res = await as(alice).delete(`/api/playlists/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CATALOGUE_MESSAGES.playlistDeleted });
    expect(await playlistModel().exists({ _id: id })).toBeNull();
    expect((await as(alice).delete(`/api/playlists/${id}`)).status).toBe(404);
  });

  it("answers 403 to another user's delete", async () => {
    const id = await playlistOf(alice);
    expect((await as(bob).delete(`/api/playlists/${id}`)).status).toBe(403);
    expect(await playlistModel().exists({ _id: id })).not.toBeNull();
  });
});

describe('PUT /api/playlists/add-song and remove-song', () => {
  it('adds a song once, never a duplicate', async () => {
    const playlistId = await playlistOf(alice);
    const first = await as(alice).put('/api/playlists/add-song').send({ playlistId, songId: songIds[0] });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(CATALOGUE_MESSAGES.songAddedToPlaylist);
    // The answer is the playlist's id and its number of songs, not the populated playlist.
    expect(first.body.data).toEqual({ _id: playlistId, songs: 1 });
    const again = await as(alice).put('/api/playlists/add-song').send({ playlistId, songId: songIds[0] });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ _id: playlistId, songs: 1 });
    await as(alice).put('/api/playlists/add-song').send({ playlistId, songId: songIds[2] });
    expect((await playlistModel().findById(playlistId).lean())!.songs.map(String)).toEqual([songIds[0], songIds[2]]);
  });

  it('removes a song', async () => {
    const playlistId = await playlistOf(alice, 'x', [songIds[0]!, songIds[1]!]);
    const res = await as(alice).put('/api/playlists/remove-song').send({ playlistId, songId: songIds[0] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CATALOGUE_MESSAGES.songRemovedFromPlaylist);
    expect(res.body.data.songs.map((s: { _id: string }) => s._id)).toEqual([songIds[1]]);
  });

  it('answers 404 for an unknown song or playlist and 400 for bad ids', async () => {
    const playlistId = await playlistOf(alice);
    for (const path of ['/api/playlists/add-song', '/api/playlists/remove-song']) {
      const noSong = await as(alice).put(path).send({ playlistId, songId: UNKNOWN_ID });
      expect(noSong.status).toBe(404);
      expect(noSong.body).toEqual({ message: CATALOGUE_MESSAGES.songNotFound });
      const noPlaylist = await as(alice).put(path).send({ playlistId: UNKNOWN_ID, songId: songIds[0] });
      expect(noPlaylist.status).toBe(404);
      expect(noPlaylist.body).toEqual({ message: CATALOGUE_MESSAGES.playlistNotFound });
      const bad = await as(alice).put(path).send({ playlistId: { $ne: null }, songId: songIds[0] });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: API_MESSAGES.invalidId });
      expect((await as(alice).put(path)).status).toBe(400);
    }
  });

  it("answers 403 to adding to or removing from another user's playlist", async () => {
    const playlistId = await playlistOf(alice, 'x', [songIds[1]!]);
    const add = await as(bob).put('/api/playlists/add-song').send({ playlistId, songId: songIds[0] });
    expect(add.status).toBe(403);
    const remove = await as(bob).put('/api/playlists/remove-song').send({ playlistId, songId: songIds[1] });
    expect(remove.status).toBe(403);
    expect((await playlistModel().findById(playlistId).lean())!.songs.map(String)).toEqual([songIds[1]]);
  });
});
