import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring, withoutTimed } from '../test/engineCalls.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { searchIndexView } from '../search/songIndex.js';
import { generateSongs } from './generateSongs.js';
import { addSongs } from './songs.service.js';

/*
 * The cost of a request must not grow with the catalogue: the same requests on a catalogue of
 * 1,000 and of 20,000 songs make the same engine calls and read the same number of records.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();

type Counts = Awaited<ReturnType<typeof engineCallsDuring>>;

/**
 * The version and stamp reads and moves that keep read models fresh across processes run on a
 * clock (at most one per interval, whatever the size), so they are left out of the comparison.
 */
const untimed = (counts: Counts): Counts => withoutTimed(counts);

async function countsAt(size: number): Promise<Record<string, Counts>> {
  await clearDatabase();
  const songs = generateSongs(size, 7);
  for (let i = 0; i < songs.length; i += 5000) await addSongs(ctx, songs.slice(i, i + 5000));
  const admin = await createUser({ admin: true });
  const listener = await createUser();
  const { key } = await createApiKey(ctx, listener._id, { name: 'Test' });
  const as = (user: { token: string }) => ({ 'x-auth-token': user.token });
  const rest = (method: string, params: Record<string, string>) =>
    request(app).get(`/rest/${method}?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', f: 'json', ...params })}`);

  // Warm: the catalogue, its search index and the Subsonic library are built once, as after a start.
  const page = (await request(app).get('/api/songs?limit=50&page=2')).body.data as { _id: string; name: string; artist: string }[];
  await ctx.catalogue.view(searchIndexView);
  const albums = (await rest('getAlbumList2', { type: 'alphabeticalByName', size: '5', offset: '2' })).body['subsonic-response'].albumList2.album;
  const playlist = (await request(app).post('/api/playlists').set(as(listener)).send({ name: 'Mine', desc: '' })).body.data;
  await request(app).get('/api/playlists/user-playlists').set(as(listener));

  const counts: Record<string, Counts> = {};
  const measure = async (name: string, task: () => Promise<request.Response>) => {
    counts[name] = untimed(
      await engineCallsDuring(async () => {
        const res = await task();
        expect(res.status, name).toBeLessThan(300);
      }),
    );
  };
  await measure('list page', () => request(app).get('/api/songs?limit=50&page=3'));
  await measure('search', () => request(app).get('/api/search?search=golden%20ra').set(as(listener)));
  await measure('search3', () => rest('search3', { query: 'midnight', songCount: '20' }));
  await measure('albums and artists search', () => request(app).get('/api/search/catalogue?search=golden%20ra').set(as(listener)));
  await measure('album list', () => rest('getAlbumList2', { type: 'alphabeticalByArtist', size: '20', offset: '3' }));
  await measure('album', () => rest('getAlbum', { id: albums[0].id }));
  await measure('like', () => request(app).put(`/api/songs/like/${page[0]!._id}`).set(as(listener)));
  await measure('create playlist', () => request(app).post('/api/playlists').set(as(listener)).send({ name: 'Another', desc: '' }));
  await measure('add song', () =>
    request(app).put('/api/playlists/add-song').set(as(listener)).send({ playlistId: playlist._id, songId: page[1]!._id }),
  );
  await measure('user playlists', () => request(app).get('/api/playlists/user-playlists').set(as(listener)));
  // A song edit patches the catalogue in memory: the next page reads no song but the one edited.
  const edited = page[2]!;
  await measure('song edit, then a page', async () => {
    const body = { name: `${edited.name} (edit)`, artist: edited.artist, img: 'https://img.test/c.png', song: 'https://audio.test/s.mp3' };
    expect((await request(app).put(`/api/songs/${edited._id}`).set(as(admin)).send(body)).status).toBe(200);
    return request(app).get('/api/songs?limit=50&page=1');
  });
  const after = (await request(app).get('/api/songs?limit=50&page=2')).body.data as { _id: string; name: string }[];
  expect(after.find((song) => song._id === edited._id)?.name).toBe(`${edited.name} (edit)`);
  // The search index moved with the edit: a typo finds the new name at once (a scan would not).
  const renamed = { name: 'Zyxwvut Quokka', artist: edited.artist, img: 'https://img.test/c.png', song: 'https://audio.test/s.mp3' };
  expect((await request(app).put(`/api/songs/${edited._id}`).set(as(admin)).send(renamed)).status).toBe(200);
  const found = (await request(app).get('/api/search?search=zyxwvut%20quoka').set(as(listener))).body.songs as { _id: string }[];
  expect(found.map((song) => song._id)).toEqual([edited._id]);
  return counts;
}

describe('request cost against catalogue size', () => {
  let small: Record<string, Counts>;
  let large: Record<string, Counts>;
  beforeAll(async () => {
    small = await countsAt(1000);
    large = await countsAt(20_000);
  }, 300_000);

  it('makes the same engine calls and reads the same records at 1,000 and at 20,000 songs', () => {
    expect(large).toEqual(small);
  });

  it('reads at most a few song records for any of these requests', () => {
    for (const [name, { records }] of Object.entries(large)) expect(records.songs ?? 0, name).toBeLessThanOrEqual(1);
  });
});
