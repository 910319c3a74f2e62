import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSoleWriter, setSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { TIMED_COLLECTIONS, countEngineCalls, engineCallsDuring, withoutTimed } from '../test/engineCalls.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { albumsInOrder, type AlbumOrder } from './albumOrders.js';
import { buildGenreIndex, genreIndexView, type GenreIndex } from './genreIndex.js';
import { buildLibrary, currentLibrary, filedSongs } from './library.js';
import { libraryShape as shape } from '../test/libraryShape.js';
import { assertValidSubsonicXml } from '../test/subsonicClient.js';

/*
 * Subsonic browsing at scale: a page of albums, an album and the artist index cost the same
 * engine calls at 1,000 and at 20,000 songs, and a song write patches the library (the albums and
 * artists of the songs written) instead of building it again.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
const { catalogue } = ctx;
const libraryBuilds = () => catalogue.stats().library!.builds;
const genreIndexBuilds = () => catalogue.stats().genreIndex!.builds;
/** What the last song write touched in the library. */
const lastPatch = async () => {
  const { albums, artists } = (await currentLibrary(catalogue)).patch!;
  return { albums, artists };
};
/** The library of the current snapshot built from scratch (not through the catalogue). */
const scratchLibrary = async () => {
  const snapshot = await catalogue.snapshot();
  return buildLibrary(snapshot, catalogue.songsByIdOf(snapshot));
};

type Counts = Awaited<ReturnType<typeof engineCallsDuring>>;
/** Version and stamp reads run on a clock, not per request (see catalogueScale.test.ts). */
// Play counts are kept for a few seconds when other processes may record plays: also a clock.
const TIMED_UNLESS_SOLE = /^plays(\.|$)/;
const timed = (key: string) => TIMED_COLLECTIONS.test(key) || (!isSoleWriter() && TIMED_UNLESS_SOLE.test(key));
const untimed = (counts: Counts): Counts => withoutTimed(counts, timed);

let admin: TestUser;
let key: string;
const rest = (method: string, params: Record<string, string> = {}) =>
  request(app).get(`/rest/${method}?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', f: 'json', ...params })}`);
const answer = async (method: string, params: Record<string, string> = {}) => {
  const res = await rest(method, params);
  expect(res.body['subsonic-response'].status, `${method} ${res.text.slice(0, 200)}`).toBe('ok');
  return res.body['subsonic-response'];
};

/**
 * An album's creation time is its first song's id time, in whole seconds, and albums created in
 * the same second are ordered by id: a song written "after" the fill is newest only from the
 * next second on.
 */
const intoNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)));

async function fill(size: number): Promise<void> {
  await clearDatabase();
  const songs = generateSongs(size, 11);
  for (let i = 0; i < songs.length; i += 5000) await addSongs(ctx, songs.slice(i, i + 5000));
  admin = await createUser({ admin: true });
  const listener = await createUser();
  key = (await createApiKey(ctx, listener._id, { name: 'Test' })).key;
}

async function countsAt(size: number): Promise<Record<string, Counts>> {
  await fill(size);
  // Warm: the catalogue and the library are built once, as after a start.
  const albums = (await answer('getAlbumList2', { type: 'alphabeticalByName', size: '5', offset: '2' })).albumList2.album;
  const artists = (await answer('getArtists')).artists.index[0].artist;
  const counts: Record<string, Counts> = {};
  const measure = async (name: string, method: string, params: Record<string, string> = {}) => {
    counts[name] = untimed(await engineCallsDuring(() => answer(method, params)));
  };
  for (const type of ['alphabeticalByName', 'alphabeticalByArtist', 'newest', 'byYear', 'random']) {
    await measure(`album list ${type}`, 'getAlbumList2', { type, size: '20', offset: '3', fromYear: '1990', toYear: '2030' });
  }
  await measure('album', 'getAlbum', { id: albums[0].id });
  await measure('artist', 'getArtist', { id: artists[0].id });
  await measure('artists', 'getArtists');
  await measure('artists again', 'getArtists');
  return counts;
}

describe.each([
  ['other processes may share the database', false],
  ['this process is its only writer (the embedded engine)', true],
])('Subsonic browsing against catalogue size, when %s', (_, soleWriter) => {
  let small: Record<string, Counts>;
  let large: Record<string, Counts>;
  beforeAll(async () => {
    setSoleWriter(soleWriter);
    small = await countsAt(1000);
    large = await countsAt(20_000);
  }, 300_000);
  afterAll(() => setSoleWriter(false));

  it('makes the same engine calls and reads the same records at 1,000 and at 20,000 songs', () => {
    expect(large).toEqual(small);
  });

  it('reads no song or like for a page of albums, an artist or the artist index', () => {
    for (const [name, { calls, records }] of Object.entries(large)) {
      if (name === 'album') continue;
      expect(records.songs ?? 0, name).toBe(0);
      expect(Object.keys(calls).filter((call) => call.startsWith('likes.')), name).toEqual([]);
    }
  });

  it.runIf(soleWriter)('signs in with an API key and answers them from memory: no engine call at all', () => {
    for (const [name, { calls }] of Object.entries(large)) if (name !== 'album') expect(calls, name).toEqual({});
  });
});

describe('pages of albums kept rendered', () => {
  beforeAll(() => fill(1000), 120_000);

  it('answers a kept page with the bytes and headers of one made afresh, per format, and a new page after a write', async () => {
    for (const f of ['json', 'xml']) {
      const query = { type: 'alphabeticalByArtist', size: '7', offset: '4', f };
      const first = await rest('getAlbumList2', query);
      const again = await rest('getAlbumList2', query);
      const fresh = await rest('getAlbumList2', { ...query, type: 'random' });
      expect(again.text).toBe(first.text);
      expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.headers.etag).toBe(app.get('etag fn')(Buffer.from(again.text)));
      if (f === 'xml') await assertValidSubsonicXml(again.text);
      // The legacy form reshapes the same answer.
      expect((await rest('getAlbumList', query)).text).toContain(f === 'json' ? '"albumList"' : '<albumList>');
    }
    const before = (await answer('getAlbumList2', { type: 'newest', size: '3' })).albumList2.album;
    const song = { name: 'Kept Page', artist: 'Aaa Newcomer', album: 'First Light', img: 'https://img.test/k.png', song: 'https://audio.test/k.mp3' };
    await intoNextSecond();
    await request(app).post('/api/songs').set('x-auth-token', admin.token).send(song).expect(201);
    const after = (await answer('getAlbumList2', { type: 'newest', size: '3' })).albumList2.album;
    expect(after[0].name).toBe('First Light');
    expect(after.slice(1)).toEqual(before.slice(0, 2));
  });
});

describe('a song write and the Subsonic library', () => {
  beforeAll(() => fill(2000), 120_000);

  const input = { name: 'Zebra Crossing', artist: 'Quartz Lantern', album: 'Night Ferries', img: 'https://img.test/z.png', song: 'https://audio.test/z.mp3', year: 2003, trackNumber: 2 };
  const as = () => ({ 'x-auth-token': admin.token });

  it('patches the albums and artists written, builds nothing, and ends as a build from scratch would', async () => {
    await answer('getAlbumList2', { type: 'newest', size: '5' });
    for (const order of ['alphabeticalByName', 'alphabeticalByArtist', 'newest', 'byYear', 'byYearDescending', 'withoutYear'] as AlbumOrder[]) {
      albumsInOrder(await currentLibrary(catalogue), order);
    }
    const builds = libraryBuilds();

    // A new song on a new album of a new artist.
    await intoNextSecond();
    const created = (await request(app).post('/api/songs').set(as()).send(input).expect(201)).body.data;
    expect(await lastPatch()).toEqual({ albums: 1, artists: 1 });
    const album = (await answer('search3', { query: 'night ferries', songCount: '0', artistCount: '0' })).searchResult3.album[0];
    expect([album.name, album.artist, album.songCount, album.year]).toEqual(['Night Ferries', 'Quartz Lantern', 1, 2003]);
    expect((await answer('getAlbumList2', { type: 'newest', size: '1' })).albumList2.album[0].id).toBe(album.id);
    expect((await answer('getArtists')).artists.index.flatMap((i: { artist: { name: string }[] }) => i.artist).map((a: { name: string }) => a.name)).toContain('Quartz Lantern');

    // A second song joins it, earlier on the album: the album's year and order follow.
    await request(app).post('/api/songs').set(as()).send({ ...input, name: 'Aardvark', trackNumber: 1, year: 1999 }).expect(201);
    const songs = (await answer('getAlbum', { id: album.id })).album;
    expect([songs.songCount, songs.year, songs.song.map((song: { title: string }) => song.title)]).toEqual([2, 1999, ['Aardvark', 'Zebra Crossing']]);

    // An edit that moves a catalogue song to another album: two albums, at most two artists.
    const moved = (await catalogue.snapshot()).songs[500]!;
    await request(app)
      .put(`/api/songs/${moved._id}`)
      .set(as())
      .send({ name: moved.name, artist: moved.artist, img: moved.img, song: moved.song, album: 'Night Ferries', albumArtist: 'Quartz Lantern' })
      .expect(200);
    expect((await lastPatch()).albums).toBeLessThanOrEqual(2);
    expect((await lastPatch()).artists).toBeLessThanOrEqual(2);
    expect((await answer('getAlbum', { id: album.id })).album.songCount).toBe(3);

    // Deleting the first song; then the album's last songs go, and the album and artist with them.
    await request(app).delete(`/api/songs/${created._id}`).set(as()).expect(200);
    expect(await lastPatch()).toEqual({ albums: 1, artists: 1 });
    expect(libraryBuilds()).toBe(builds);
    const patched = await currentLibrary(catalogue);
    expect(shape(patched)).toEqual(shape(await scratchLibrary()));

    for (const song of (await answer('getAlbum', { id: album.id })).album.song) {
      await request(app).delete(`/api/songs/${song.id}`).set(as()).expect(200);
    }
    const gone = await rest('getAlbum', { id: album.id });
    expect(gone.body['subsonic-response'].error.code).toBe(70);
    expect(libraryBuilds()).toBe(builds);
    expect(shape(await currentLibrary(catalogue))).toEqual(shape(await scratchLibrary()));
  }, 120_000);

  it('patches the genres with each song write, builds none, and ends as a build from scratch would', async () => {
    const genres = async () => (await answer('getGenres')).genres.genre as { value: string; songCount: number; albumCount: number }[];
    const byGenre = async (genre: string) =>
      ((await answer('getAlbumList2', { type: 'byGenre', genre, size: '10' })).albumList2.album ?? []).map((a: { name: string }) => a.name);
    const songsOf = async (genre: string) =>
      ((await answer('getSongsByGenre', { genre, count: '10' })).songsByGenre.song ?? []).map((s: { title: string }) => s.title);
    await genres();
    const builds: [number, number] = [libraryBuilds(), genreIndexBuilds()];

    const shanty = { ...input, name: 'Haul Away', album: 'Harbour Songs', genre: 'Sea Shanty' };
    const first = (await request(app).post('/api/songs').set(as()).send(shanty).expect(201)).body.data;
    await request(app).post('/api/songs').set(as()).send({ ...shanty, name: 'Leave Her', album: 'Tides', genre: 'sea shanty' }).expect(201);
    expect(await genres()).toContainEqual({ value: 'Sea Shanty', songCount: 2, albumCount: 2 });
    expect(await byGenre('SEA SHANTY')).toEqual(['Harbour Songs', 'Tides']);
    expect(await songsOf('sea shanty')).toEqual(['Leave Her', 'Haul Away']);

    // An edit moves a catalogue song into the genre and onto one of its albums.
    const moved = (await catalogue.snapshot()).songs[700]!;
    await request(app)
      .put(`/api/songs/${moved._id}`)
      .set(as())
      .send({ name: moved.name, artist: moved.artist, img: moved.img, song: moved.song, album: 'Tides', albumArtist: 'Quartz Lantern', genre: 'Sea shanty' })
      .expect(200);
    expect(await genres()).toContainEqual({ value: 'Sea Shanty', songCount: 3, albumCount: 2 });
    expect((await songsOf('sea shanty')).slice(0, 2)).toEqual(['Leave Her', 'Haul Away']);

    // Another edit changes the first song's genre; deletes take the genre's last songs.
    await request(app).put(`/api/songs/${first._id}`).set(as()).send({ ...shanty, genre: 'Folk' }).expect(200);
    expect(await byGenre('folk')).toEqual(['Harbour Songs']);
    expect(await byGenre('sea shanty')).toEqual(['Tides']);
    const shape = (index: GenreIndex) => ({
      genres: index.genres,
      songs: [...index.songs].map(([key, songs]) => [key, songs.map((song) => song._id)]).sort(),
      albums: [...index.albums].map(([key, albums]) => [key, albums.map((album) => album.id)]).sort(),
    });
    const scratch = async () => buildGenreIndex(filedSongs(await currentLibrary(catalogue)));
    expect(shape(await catalogue.view(genreIndexView))).toEqual(shape(await scratch()));

    for (const title of await songsOf('sea shanty')) {
      const song = (await catalogue.snapshot()).songs.find((s) => s.name === title)!;
      await request(app).delete(`/api/songs/${song._id}`).set(as()).expect(200);
    }
    expect((await genres()).map((g) => g.value)).not.toContain('Sea Shanty');
    expect(await byGenre('sea shanty')).toEqual([]);
    expect([libraryBuilds(), genreIndexBuilds()]).toEqual(builds);
    expect(shape(await catalogue.view(genreIndexView))).toEqual(shape(await scratch()));
  }, 120_000);
});
