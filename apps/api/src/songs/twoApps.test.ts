import request from 'supertest';
import type { CatalogueView } from './catalogue.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { searchIndexView } from '../search/songIndex.js';
import { genreIndexView } from '../subsonic/genreIndex.js';
import { libraryView } from '../subsonic/library.js';
import { matchIndexView } from '../playlistImport/matchIndex.js';
import { generateSongs } from './generateSongs.js';
import { addSongs } from './songs.service.js';

/*
 * Two apps in one process share nothing of the catalogue: each context has its own catalogue
 * object, with its own snapshot, views and kept answers. A write through one app patches that
 * app's catalogue only; the other sees it as it would another process's write (through the
 * shared version, or a drop when told), never through a module-level cache.
 *
 * Both apps are over the one database here, so "sees it when told" below is the database they
 * share, not memory (twoDatabases.test.ts has two apps over two databases).
 */

useTestDatabase();
const one = createTestApp();
const two = createTestApp();
let admin: TestUser;
let key: string;

const search = (app: typeof one.app, q: string) =>
  request(app).get(`/api/search?search=${encodeURIComponent(q)}`).set('x-auth-token', admin.token).expect(200);
const search3 = async (app: typeof one.app, query: string) =>
  (await request(app).get(`/rest/search3?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', f: 'json', query })}`).expect(200)).body[
    'subsonic-response'
  ].searchResult3;
const names = (songs: { name?: string; title?: string }[] = []) => songs.map((song) => song.name ?? song.title);

beforeAll(async () => {
  // Each catalogue keeps what it holds until it changes it itself (no version reads on a clock).
  setSoleWriter(true);
  await clearDatabase();
  await addSongs(one.ctx, generateSongs(50, 5));
  admin = await createUser({ admin: true });
  key = (await createApiKey(one.ctx, admin._id, { name: 'Test' })).key;
  // Both apps load the catalogue and build their views.
  for (const { app } of [one, two]) {
    await request(app).get('/api/songs?limit=5&page=1').expect(200);
    await search(app, 'anything');
    await search3(app, 'anything');
  }
});
afterAll(() => setSoleWriter(false));

describe('two apps in one process', () => {
  it('hold separate snapshots and separate views', async () => {
    const [a, b] = [one.ctx.catalogue, two.ctx.catalogue];
    expect(a).not.toBe(b);
    const [snapshotA, snapshotB] = [await a.snapshot(), await b.snapshot()];
    expect(snapshotA).not.toBe(snapshotB);
    expect(snapshotA.version).toBe(snapshotB.version);
    for (const view of [searchIndexView, libraryView, genreIndexView, matchIndexView] as CatalogueView<unknown>[]) {
      expect(await a.view(view), view.name).not.toBe(await b.view(view));
    }
    expect(await a.songsById()).not.toBe(await b.songsById());
  });

  it('a write through one app changes its own snapshot, search and Subsonic views, and not the other app', async () => {
    const statsOfTwo = two.ctx.catalogue.stats();
    const versionOfTwo = (await two.ctx.catalogue.snapshot()).version;
    const song = { name: 'Quokka Lullaby', artist: 'Marsupial Choir', album: 'Island Nights', img: 'https://img.test/q.png', song: 'https://audio.test/q.mp3' };
    const created = (await request(one.app).post('/api/songs').set('x-auth-token', admin.token).send(song).expect(201)).body.data;

    expect(await one.ctx.catalogue.songById(created._id)).toMatchObject(song);
    expect(names((await search(one.app, 'quokka')).body.songs)).toEqual(['Quokka Lullaby']);
    const found = await search3(one.app, 'quokka');
    expect(names(found.song)).toEqual(['Quokka Lullaby']);
    expect((await search3(one.app, 'island nights')).album.map((album: { name: string }) => album.name)).toEqual(['Island Nights']);

    // The other app: its snapshot, views and kept answers are as they were; nothing was built or patched.
    expect((await two.ctx.catalogue.snapshot()).version).toBe(versionOfTwo);
    expect(await two.ctx.catalogue.songById(created._id)).toBeUndefined();
    expect(names((await search(two.app, 'quokka')).body.songs)).toEqual([]);
    expect((await search3(two.app, 'quokka')).song ?? []).toEqual([]);
    expect(two.ctx.catalogue.stats()).toEqual(statsOfTwo);

    // Told that the catalogue changed (as Redis tells another process), it reads the database they share.
    two.ctx.catalogue.forget();
    expect(await two.ctx.catalogue.songById(created._id)).toMatchObject(song);
    expect(names((await search(two.app, 'quokka')).body.songs)).toEqual(['Quokka Lullaby']);
  });
});
