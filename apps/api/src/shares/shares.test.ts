import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, SHARE_MESSAGES, type SongInput } from '@samaa/shared';
import { clearDatabase, useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { mediaSigner } from '../media/mediaSignature.js';
import { albumIdOfSong } from '../subsonic/library.js';
import { SHARE_MODEL, USER_SHARES_MODEL } from './share.model.js';

const ShareModel = storedModel(SHARE_MODEL);
const UserSharesModel = storedModel(USER_SHARES_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp();
const off = createTestApp({ SHARES: 'false' }).app;

let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

function song(name: string, extra: Partial<SongInput> = {}): SongInput {
  return { name, artist: 'The Lanterns', img: '/media/images/cover.png', song: '/media/audio/tone.mp3', duration: 100, ...extra };
}

beforeAll(() => {
  const media = ctx.config.media.dir;
  fs.mkdirSync(path.join(media, 'audio'), { recursive: true });
  fs.writeFileSync(path.join(media, 'audio', 'tone.mp3'), Buffer.alloc(4096, 7));
});

beforeEach(async () => {
  await clearDatabase();
  [alice, bob, admin] = await Promise.all([createUser({ name: 'Alice Liddell' }), createUser({ name: 'Bob' }), createUser({ admin: true })]);
  const [second, first, single, other] = await addSongs(ctx, [
    song('Second Light', { album: 'Night Songs', trackNumber: 2 }),
    song('First Light', { album: 'Night Songs', trackNumber: 1 }),
    song('Lone Tune'),
    song('Zebra Crossing', { artist: 'Aurora Vale', album: 'Stripes', img: 'https://images.example.com/z.jpg', song: 'https://cdn.example.com/z.mp3' }),
  ]);
  Object.assign(ids, { second, first, single, other });
  const [playlist] = await insertPlaylists(ctx.playlists, [{ name: 'Road trip', desc: '', img: '', user: alice._id, songIds: [other!, single!] }]);
  ids.playlist = playlist!;
});

const as = (user: TestUser, target = app) => ({
  get: (url: string) => request(target).get(url).set('x-auth-token', user.token),
  post: (url: string) => request(target).post(url).set('x-auth-token', user.token),
  put: (url: string) => request(target).put(url).set('x-auth-token', user.token),
  delete: (url: string) => request(target).delete(url).set('x-auth-token', user.token),
});

async function share(user: TestUser, body: Record<string, unknown>) {
  const res = await as(user).post('/api/shares').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string; name: string; kind: string; targetId: string };
}

const visit = (id: string) => request(app).get(`/api/public/shares/${id}`);
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe('POST /api/shares', () => {
  it('makes an unguessable link to a song, with its public url', async () => {
    const res = await as(alice).post('/api/shares').send({ kind: 'song', id: ids.first, description: ' For you ', downloadable: true });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SHARE_MESSAGES.created);
    const data = res.body.data;
    expect(data).toMatchObject({ kind: 'song', targetId: ids.first, name: 'First Light', description: 'For you', downloadable: true, visits: 0, expiresAt: null, expired: false });
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.url).toBe(`http://localhost:3000/s/${data.id}`);
    expect(data.songs).toBeUndefined();
    // The id is the document's key, and the owner's list names it.
    expect(await ShareModel.findById(data.id).lean()).toMatchObject({ user: alice._id, kind: 'song', target: ids.first });
    expect(await UserSharesModel.findById(alice._id).lean()).toMatchObject({ ids: [data.id] });
  });

  it('shares an album by its library id or by one of its songs', async () => {
    const albumId = albumIdOfSong({ artist: 'The Lanterns', album: 'Night Songs' });
    const byAlbum = await share(alice, { kind: 'album', id: albumId });
    const bySong = await share(alice, { kind: 'album', id: ids.second });
    expect(byAlbum).toMatchObject({ kind: 'album', targetId: albumId, name: 'Night Songs' });
    expect(bySong.targetId).toBe(albumId);
    expect(byAlbum.id).not.toBe(bySong.id);
  });

  it('shares only an own playlist', async () => {
    expect((await share(alice, { kind: 'playlist', id: ids.playlist })).name).toBe('Road trip');
    const res = await as(bob).post('/api/shares').send({ kind: 'playlist', id: ids.playlist });
    expect(res.status).toBe(403);
    expect(await ShareModel.countDocuments()).toBe(1);
  });

  it.each([
    [{ kind: 'song', id: '0123456789abcdef01234567' }, 404, CATALOGUE_MESSAGES.songNotFound],
    [{ kind: 'playlist', id: '0123456789abcdef01234567' }, 404, CATALOGUE_MESSAGES.playlistNotFound],
    [{ kind: 'album', id: 'al-0000000000' }, 404, SHARE_MESSAGES.albumNotFound],
    [{ kind: 'video', id: 'x' }, 400, 'Kind must be song, album or playlist'],
    [{ kind: 'song' }, 400, '"Id" is required'],
    [{ kind: 'song', id: { $ne: 1 } }, 400, '"Id" must be a string'],
    [{ kind: 'song', id: 'x', expiresAt: '2001-01-01T00:00:00Z' }, 400, 'The expiry must be in the future'],
    [{ kind: 'song', id: 'x', expiresAt: 'soon' }, 400, 'The expiry must be a date'],
    [{ kind: 'song', id: 'x', description: 'd'.repeat(301) }, 400, '"Description" length must be less than or equal to 300 characters long'],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await as(alice).post('/api/shares').send(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    expect(await ShareModel.countDocuments()).toBe(0);
  });

  it('refuses the album of a song without one', async () => {
    const res = await as(alice).post('/api/shares').send({ kind: 'album', id: ids.single });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SHARE_MESSAGES.albumNotFound);
  });

  it('needs a signed-in listener', async () => {
    expect((await request(app).post('/api/shares').send({ kind: 'song', id: ids.first })).status).toBe(401);
    expect((await request(app).get('/api/shares')).status).toBe(401);
  });
});

describe('the owner’s shares', () => {
  it('lists only the listener’s own shares, newest first, with names, visits and expiry', async () => {
    const first = await share(alice, { kind: 'song', id: ids.first });
    const second = await share(alice, { kind: 'playlist', id: ids.playlist, expiresAt: inAnHour() });
    await share(bob, { kind: 'song', id: ids.other });
    await visit(first.id).expect(200);
    await visit(first.id).expect(200);
    const res = await as(alice).get('/api/shares');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(res.body.data[1]).toMatchObject({ name: 'First Light', visits: 2, lastVisitedAt: expect.any(String) });
    expect(res.body.data[0].expiresAt).toEqual(expect.any(String));
    expect((await as(bob).get('/api/shares')).body.data).toHaveLength(1);
  });

  it('changes description, expiry and downloads; another listener gets a 404', async () => {
    const { id } = await share(alice, { kind: 'song', id: ids.first });
    const expiresAt = inAnHour();
    const res = await as(alice).put(`/api/shares/${id}`).send({ description: 'Late night', expiresAt, downloadable: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: SHARE_MESSAGES.updated, data: { description: 'Late night', expiresAt, downloadable: true } });
    expect((await as(alice).put(`/api/shares/${id}`).send({ expiresAt: null })).body.data.expiresAt).toBeNull();
    const denied = await as(bob).put(`/api/shares/${id}`).send({ description: 'mine now' });
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ message: SHARE_MESSAGES.notFound });
    expect((await as(alice).put(`/api/shares/${id}`).send({ downloadable: 'sure' })).status).toBe(400);
    expect((await ShareModel.findById(id).lean())?.description).toBe('Late night');
  });

  it('revokes: the link answers 404 at once; another listener cannot revoke', async () => {
    const { id } = await share(alice, { kind: 'song', id: ids.first });
    expect((await as(bob).delete(`/api/shares/${id}`)).status).toBe(404);
    await visit(id).expect(200);
    const res = await as(alice).delete(`/api/shares/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SHARE_MESSAGES.revoked });
    expect((await visit(id)).body).toEqual({ message: SHARE_MESSAGES.gone });
    expect((await as(alice).get('/api/shares')).body.data).toEqual([]);
    expect((await as(alice).delete(`/api/shares/${id}`)).status).toBe(404);
  });

  it('ends the signed media links of a revoked share before their own expiry', async () => {
    const { id } = await share(alice, { kind: 'song', id: ids.first });
    const [song] = (await visit(id)).body.songs;
    await request(app).get(song.audio).expect(200);
    await as(alice).delete(`/api/shares/${id}`).expect(200);
    expect((await request(app).get(song.audio)).status).toBe(403);
  });
});

describe('GET /api/public/shares/:id', () => {
  it('shows an album in track order with signed media, the sharer’s first name, and counts the visit', async () => {
    const { id } = await share(alice, { kind: 'album', id: ids.first, description: 'Listen' });
    const res = await visit(id);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.share).toMatchObject({ id, kind: 'album', name: 'Night Songs', description: 'Listen', downloadable: false, sharedBy: 'Alice', expiresAt: null });
    expect(res.body.songs.map((s: { name: string }) => s.name)).toEqual(['First Light', 'Second Light']);
    const [first] = res.body.songs;
    expect(first).toMatchObject({ id: ids.first, artist: 'The Lanterns', album: 'Night Songs', duration: 100 });
    const [audioPath, query] = first.audio.split('?');
    expect(audioPath).toBe('/media/audio/tone.mp3');
    const params = Object.fromEntries(new URLSearchParams(query));
    expect(mediaSigner(ctx.jwtSecret).verify(audioPath, params)).toEqual({ ok: true, by: `share:${id}` });
    // A few hours at most.
    expect(Number(params.exp) * 1000).toBeLessThanOrEqual(Date.now() + 6 * 3600_000 + 1000);
    expect(first.cover).toMatch(/^\/media\/images\/cover\.png\?exp=/);
    expect(res.body.share.cover).toMatch(/^\/media\/images\/cover\.png\?exp=/);
    // Nothing of the account or the rest of the catalogue.
    expect(JSON.stringify(res.body)).not.toMatch(/Liddell|@|Lone Tune|Zebra/);
    expect((await ShareModel.findById(id).lean())?.visits).toBe(1);
  });

  it('ends the signed links with the share when it expires sooner', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const { id } = await share(alice, { kind: 'song', id: ids.first, expiresAt: expiresAt.toISOString() });
    const { songs } = (await visit(id)).body;
    const exp = Number(new URLSearchParams(songs[0].audio.split('?')[1]).get('exp'));
    expect(exp).toBe(Math.floor(expiresAt.getTime() / 1000));
  });

  it('passes third-party URLs through and shows what is left of a playlist', async () => {
    const { id } = await share(alice, { kind: 'playlist', id: ids.playlist });
    await as(admin).delete(`/api/songs/${ids.single}`).expect(200);
    const res = await visit(id);
    expect(res.body.songs).toEqual([
      expect.objectContaining({ name: 'Zebra Crossing', audio: 'https://cdn.example.com/z.mp3', cover: 'https://images.example.com/z.jpg' }),
    ]);
  });

  it('answers 404 for unknown, expired and emptied shares, and does not count them', async () => {
    expect((await visit('AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual({ message: SHARE_MESSAGES.gone });
    expect((await visit('not-an-id')).status).toBe(404);
    const { id } = await share(alice, { kind: 'song', id: ids.first });
    await ShareModel.updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await visit(id);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ message: SHARE_MESSAGES.gone });
    expect((await ShareModel.findById(id).lean())?.visits).toBe(0);
    expect((await as(alice).get('/api/shares')).body.data[0]).toMatchObject({ id, expired: true });

    const gone = await share(alice, { kind: 'song', id: ids.second });
    await as(admin).delete(`/api/songs/${ids.second}`).expect(200);
    expect((await visit(gone.id)).status).toBe(404);
    // The owner still sees it, under the name it had.
    expect((await as(alice).get('/api/shares')).body.data.find((s: { id: string }) => s.id === gone.id).name).toBe('Second Light');
  });

  it('goes with a deleted playlist and with a deleted sharer', async () => {
    const { id } = await share(alice, { kind: 'playlist', id: ids.playlist });
    const song = await share(alice, { kind: 'song', id: ids.first });
    await as(alice).delete(`/api/playlists/${ids.playlist}`).expect(200);
    expect((await visit(id)).status).toBe(404);
    await as(admin).delete(`/api/users/${alice._id}`).expect(200);
    expect((await visit(song.id)).status).toBe(404);
    expect(await ShareModel.countDocuments()).toBe(0);
    expect(await UserSharesModel.findById(alice._id).lean()).toBeNull();
  });
});

describe('downloads', () => {
  const download = (id: string, songId: string) => request(app).get(`/api/public/shares/${id}/songs/${songId}/download`).redirects(0);

  it('redirect to a signed attachment link when the sharer allowed them', async () => {
    const { id } = await share(alice, { kind: 'album', id: ids.first, downloadable: true });
    const res = await download(id, ids.second!);
    expect(res.status).toBe(302);
    const location = res.headers.location!;
    expect(location).toMatch(/^\/media\/audio\/tone\.mp3\?exp=\d+&by=share%3A[\w-]+&sig=[\w-]+&download=1$/);
    const file = await request(app).get(location);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename=tone.mp3');
    expect((await ShareModel.findById(id).lean())?.visits).toBe(0);
  });

  it('are refused with 403 when not allowed, and 404 for a song outside the share', async () => {
    const { id } = await share(alice, { kind: 'album', id: ids.first });
    const denied = await download(id, ids.first!);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: SHARE_MESSAGES.downloadsNotAllowed });
    const open = await share(alice, { kind: 'album', id: ids.first, downloadable: true });
    const outside = await download(open.id, ids.single!);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ message: CATALOGUE_MESSAGES.songNotFound });
  });
});

describe('SHARES=false', () => {
  it('turns every share route off with a message', async () => {
    const { id } = await share(alice, { kind: 'song', id: ids.first });
    for (const res of [
      await as(alice, off).post('/api/shares').send({ kind: 'song', id: ids.first }),
      await as(alice, off).get('/api/shares'),
      await as(alice, off).put(`/api/shares/${id}`).send({ description: 'x' }),
      await as(alice, off).delete(`/api/shares/${id}`),
      await request(off).get(`/api/public/shares/${id}`),
      await request(off).get(`/api/public/shares/${id}/songs/${ids.first}/download`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: SHARE_MESSAGES.off });
    }
    expect(await ShareModel.countDocuments()).toBe(1);
  });
});

describe('rate limits', () => {
  it('limit the public routes per client', async () => {
    const limited = createTestApp({ RATE_LIMITS: 'true' }).app;
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await request(limited).get('/api/public/shares/AAAAAAAAAAAAAAAAAAAAAA')).status;
    expect(last).toBe(429);
  });
});
