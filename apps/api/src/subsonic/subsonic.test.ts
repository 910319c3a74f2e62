import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongInput } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { addSongs } from '../songs/songs.service.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { subsonicClient, type Format } from '../test/subsonicClient.js';
import { SINGLES } from './library.js';

useTestDatabase();
const { app, ctx } = createTestApp();

let server: ListeningApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let aliceKey: string;
let bobKey: string;
let adminKey: string;
const ids: Record<string, string> = {};
const AUDIO = Buffer.alloc(64 * 1024, 7);

function song(name: string, extra: Partial<SongInput> = {}): SongInput {
  return { name, artist: 'The Lanterns', img: '/media/images/cover.png', song: '/media/audio/tone.mp3', duration: 100, ...extra };
}

beforeAll(async () => {
  server = await listenApp(app);
  await clearDatabase();
  const media = ctx.config.media.dir;
  fs.mkdirSync(path.join(media, 'audio'), { recursive: true });
  fs.mkdirSync(path.join(media, 'images'), { recursive: true });
  fs.writeFileSync(path.join(media, 'audio', 'tone.mp3'), AUDIO);
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366aa' } }).png().toFile(path.join(media, 'images', 'cover.png'));

  [alice, bob, admin] = await Promise.all([createUser({ name: 'Alice' }), createUser({ name: 'Bobby' }), createUser({ admin: true })]);
  [aliceKey, bobKey, adminKey] = (await Promise.all([alice, bob, admin].map((u) => createApiKey(ctx, u._id, { name: 'Phone' })))).map((k) => k.key) as [string, string, string];
  const [second, first, single, other] = await addSongs(ctx, [
    song('Second Light', { album: 'Night Songs', trackNumber: 2, year: 2019 }),
    song('First Light', { album: 'Night Songs', trackNumber: 1, year: 2019 }),
    song('Lone Tune'),
    song('Zebra Crossing', { artist: 'Aurora Vale', album: 'Stripes', year: 2024, img: 'https://images.example.com/z.jpg' }),
  ]);
  Object.assign(ids, { second, first, single, other });
});
afterAll(() => server?.close());

const client = (key: () => string, format: Format, post = false) => subsonicClient(server.url, { apiKey: key() }, format, { post });

describe.each<Format>(['json', 'xml'])('Subsonic API (%s)', (format) => {
  const api = () => client(() => aliceKey, format);
  const bobApi = () => client(() => bobKey, format);

  it('answers ping, license, extensions, music folders and the user with the OpenSubsonic fields', async () => {
    const ping = await api().ping();
    expect(ping).toMatchObject({ status: 'ok', version: '1.16.1', type: 'samaa', openSubsonic: true });
    expect((ping as { serverVersion?: string }).serverVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect((await api().getLicense()).license.valid).toBe(true);
    const extensions = (await api().getOpenSubsonicExtensions()).openSubsonicExtensions.map((e) => e.name);
    expect(extensions).toEqual(expect.arrayContaining(['formPost', 'apiKeyAuthentication']));
    expect((await api().getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Samaa' }]);
    const user = (await api().getUser({ username: alice.email })).user;
    expect(user).toMatchObject({ username: alice.email, adminRole: false, streamRole: true, playlistRole: true });
  });

  it('keeps users apart: only an admin reads another user or the user list', async () => {
    const denied = await api().getUser({ username: bob.email });
    expect(denied).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(await api().getUsers()).toMatchObject({ status: 'failed', error: { code: 50 } });
    const asAdmin = client(() => adminKey, format);
    expect((await asAdmin.getUser({ username: bob.email })).user.username).toBe(bob.email);
    expect((await asAdmin.getUsers()).users.user!.length).toBeGreaterThanOrEqual(3);
  });

  it('browses artists, albums and songs derived from the catalogue, with a Singles album', async () => {
    const artists = (await api().getArtists()).artists;
    expect(artists.ignoredArticles).toContain('The');
    const letters = artists.index!.map((i) => i.name);
    expect(letters).toEqual(['A', 'L']);
    const lanterns = artists.index!.find((i) => i.name === 'L')!.artist![0]!;
    expect(lanterns).toMatchObject({ name: 'The Lanterns', albumCount: 2 });

    const artist = (await api().getArtist({ id: lanterns.id })).artist;
    expect(artist.album!.map((a) => a.name).sort()).toEqual(['Night Songs', SINGLES]);
    const night = artist.album!.find((a) => a.name === 'Night Songs')!;
    const album = (await api().getAlbum({ id: night.id })).album;
    expect(album).toMatchObject({ name: 'Night Songs', artist: 'The Lanterns', songCount: 2, duration: 200, year: 2019 });
    expect(album.song!.map((s) => [s.track, s.title])).toEqual([[1, 'First Light'], [2, 'Second Light']]);
    expect(album.song![0]).toMatchObject({ id: ids.first, isDir: false, albumId: night.id, artistId: lanterns.id, suffix: 'mp3', contentType: 'audio/mpeg', type: 'music' });

    const got = (await api().getSong({ id: ids.single! })).song;
    expect(got).toMatchObject({ title: 'Lone Tune', album: SINGLES, artist: 'The Lanterns' });
    const again = (await api().getArtists()).artists.index!.find((i) => i.name === 'L')!.artist![0]!;
    expect(again.id).toBe(lanterns.id);

    const indexes = (await api().getIndexes()).indexes;
    expect(indexes.index!.flatMap((i) => i.artist!.map((a) => a.name))).toEqual(['Aurora Vale', 'The Lanterns']);
    const dir = (await api().getMusicDirectory({ id: lanterns.id })).directory;
    expect(dir.child!.every((c) => c.isDir)).toBe(true);
    const songsDir = (await api().getMusicDirectory({ id: night.id })).directory;
    expect(songsDir.child!.map((c) => c.title)).toEqual(['First Light', 'Second Light']);

    expect(await api().getAlbum({ id: 'al-nope' })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await api().getSong({ id: '0123456789abcdef01234567' })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('lists albums (newest, random, alphabetical, starred) and random songs', async () => {
    const list = async (type: 'newest' | 'random' | 'alphabeticalByName' | 'starred', size = 10) =>
      ((await api().getAlbumList2({ type, size })).albumList2.album ?? []).map((a) => a.name);
    expect((await list('alphabeticalByName'))).toEqual(['Night Songs', SINGLES, 'Stripes']);
    expect((await list('newest')).length).toBe(3);
    expect((await list('random')).sort()).toEqual(['Night Songs', SINGLES, 'Stripes']);
    expect(await list('random', 1)).toHaveLength(1);
    expect(await list('starred')).toEqual([]);
    const random = (await api().getRandomSongs({ size: 2 })).randomSongs.song!;
    expect(random).toHaveLength(2);
    expect(new Set(random.map((s) => s.id)).size).toBe(2);
    const bad = await api().getAlbumList2({ type: 'sideways' as 'newest' });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 0 } });
  });

  it('search3 finds what people type and returns the whole library for an empty query', async () => {
    const found = (await api().search3({ query: 'firt lig' })).searchResult3;
    expect(found.song!.map((s) => s.title)).toEqual(['First Light']);
    const byArtist = (await api().search3({ query: 'aurora' })).searchResult3;
    expect(byArtist.artist!.map((a) => a.name)).toEqual(['Aurora Vale']);
    expect(byArtist.album!.map((a) => a.name)).toEqual(['Stripes']);
    const all = (await api().search3({ query: '', songCount: 500 })).searchResult3;
    expect(all.song).toHaveLength(4);
    const paged = (await api().search3({ query: '""', songCount: 1, songOffset: 1 })).searchResult3;
    expect(paged.song).toHaveLength(1);
  });

  it('creates, reads, updates and deletes own playlists, which the web API sees', async () => {
    const created = (await api().createPlaylist({ name: `Road ${format}`, songId: [ids.first!, ids.other!] })).playlist;
    expect(created).toMatchObject({ name: `Road ${format}`, songCount: 2, owner: alice.email, duration: 200 });
    expect(created.entry!.map((e) => e.id)).toEqual([ids.first, ids.other]);

    const web = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token);
    const listed = web.body.data.find((p: { _id: string }) => p._id === created.id);
    expect(listed.songs.map((s: { _id: string }) => s._id)).toEqual([ids.first, ids.other]);

    expect((await api().getPlaylists()).playlists.playlist!.map((p) => p.id)).toContain(created.id);
    await api().updatePlaylist({ playlistId: created.id, name: 'Renamed', comment: 'for the car', songIdToAdd: [ids.single!], songIndexToRemove: [0] });
    const updated = (await api().getPlaylist({ id: created.id })).playlist;
    expect(updated).toMatchObject({ name: 'Renamed', comment: 'for the car', songCount: 2 });
    expect(updated.entry!.map((e) => e.id)).toEqual([ids.other, ids.single]);

    const replaced = (await api().createPlaylist({ playlistId: created.id, songId: [ids.second!] })).playlist;
    expect(replaced.entry!.map((e) => e.id)).toEqual([ids.second]);

    // Another listener can neither read, change nor delete it, nor list alice's playlists.
    expect(await bobApi().getPlaylist({ id: created.id })).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(await bobApi().updatePlaylist({ playlistId: created.id, name: 'Mine now' })).toMatchObject({ error: { code: 50 } });
    expect(await bobApi().deletePlaylist({ id: created.id })).toMatchObject({ error: { code: 50 } });
    expect(await bobApi().createPlaylist({ playlistId: created.id, songId: [] })).toMatchObject({ error: { code: 50 } });
    expect(await bobApi().getPlaylists({ username: alice.email })).toMatchObject({ error: { code: 50 } });
    expect((await bobApi().getPlaylists()).playlists.playlist ?? []).toEqual([]);

    expect(await api().createPlaylist({ name: 'x'.repeat(51) })).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect(await api().createPlaylist({})).toMatchObject({ status: 'failed', error: { code: 10 } });
    expect(await api().createPlaylist({ name: 'Bad', songId: ['0123456789abcdef01234567'] })).toMatchObject({ error: { code: 70 } });

    expect((await api().deletePlaylist({ id: created.id })).status).toBe('ok');
    expect(await api().getPlaylist({ id: created.id })).toMatchObject({ error: { code: 70 } });
  });

  it('stars are the web likes, both ways, and stay per listener', async () => {
    await api().star({ id: ids.other! });
    const liked = await request(app).get('/api/songs/like/ids').set('x-auth-token', alice.token);
    expect(liked.body.data).toContain(ids.other);
    await request(app).put(`/api/songs/like/${ids.first}`).set('x-auth-token', alice.token);
    const starred = (await api().getStarred2()).starred2.song!.map((s) => s.id);
    expect(starred.sort()).toEqual([ids.first, ids.other].sort());
    expect((await api().getSong({ id: ids.other! })).song.starred).toBeTruthy();
    expect((await api().getAlbumList2({ type: 'starred' })).albumList2.album!.map((a) => a.name).sort()).toEqual(['Night Songs', 'Stripes']);
    expect((await bobApi().getStarred2()).starred2.song ?? []).toEqual([]);
    expect(await api().star({ albumId: 'al-x' })).toMatchObject({ error: { code: 0 } });

    await api().unstar({ id: [ids.first!, ids.other!] });
    const after = await request(app).get('/api/songs/like/ids').set('x-auth-token', alice.token);
    expect(after.body.data).toEqual([]);
  });

  it('scrobbles count plays', async () => {
    const before = (await api().getSong({ id: ids.single! })).song.playCount ?? 0;
    await api().scrobble({ id: ids.single! });
    await api().scrobble({ id: ids.single!, submission: false });
    expect((await api().getSong({ id: ids.single! })).song.playCount).toBe(before + 1);
    expect((await api().getAlbumList2({ type: 'frequent' as 'newest' })).albumList2.album![0]!.name).toBe(SINGLES);
    const analytics = await request(app).get('/api/admin/analytics').set('x-auth-token', admin.token);
    expect(analytics.body.data.mostPlayed[0]).toMatchObject({ song: { _id: ids.single }, plays: before + 1 });
    expect(analytics.body.data.plays).toBe(before + 1);
    expect(await api().scrobble({ id: '0123456789abcdef01234567' })).toMatchObject({ error: { code: 70 } });
  });
});

describe('Subsonic media', () => {
  const url = (method: string, params: Record<string, string>) =>
    `/rest/${method}?${new URLSearchParams({ apiKey: aliceKey, v: '1.16.1', c: 'test', ...params })}`;

  it('streams and downloads with HTTP Range, privately cached', async () => {
    const api = client(() => aliceKey, 'json');
    const whole = await api.stream({ id: ids.first! });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(AUDIO);
    const part = await request(app).get(url('stream', { id: ids.first! })).set('Range', 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(part.headers['cache-control']).toMatch(/^private/);
    expect(part.body).toHaveLength(100);
    const past = await request(app).get(url('stream', { id: ids.first! })).set('Range', `bytes=${AUDIO.length + 10}-`);
    expect(past.status).toBe(416);
    const download = await request(app).get(url('download.view', { id: ids.first! }));
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const missing = await request(app).get(url('stream', { id: '0123456789abcdef01234567', f: 'json' }));
    expect(missing.body['subsonic-response'].error.code).toBe(70);
  });

  it('serves cover art resized to the asked size, cached on disk', async () => {
    const api = client(() => aliceKey, 'json');
    // 120 is snapped up to the next of the sizes covers are kept at (128).
    const res = await api.getCoverArt({ id: ids.first!, size: 120 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
    const cached = fs.readdirSync(path.join(ctx.config.dataDir, 'cache', 'covers'));
    expect(cached.some((name) => name.endsWith('-128.jpg'))).toBe(true);
    const album = (await api.getSong({ id: ids.first! })).song.albumId!;
    expect((await api.getCoverArt({ id: album })).status).toBe(200);
    const external = await request(app).get(url('getCoverArt', { id: ids.other!, size: '64' }));
    expect(external.status).toBe(302);
    expect(external.headers.location).toBe('https://images.example.com/z.jpg');
    const none = await request(app).get(url('getCoverArt', { id: 'ar-unknown', f: 'json' }));
    expect(none.body['subsonic-response'].error.code).toBe(70);
  });
});
