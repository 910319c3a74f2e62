import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Song } from '@samaa/shared';
import { AppData } from '../db/appData.js';
import { setSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { createAppCatalogue } from '../appCatalogue.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { searchIndexView } from '../search/songIndex.js';
import { searchAnswersView } from '../search/search.service.js';
import { genreIndexView } from '../subsonic/genreIndex.js';
import { libraryView } from '../subsonic/library.js';
import type { CatalogueView } from './catalogue.js';
import { generateSongs } from './generateSongs.js';
import { SONG_MODEL } from './song.model.js';
import { addSongs, CATALOGUE_BOUND_MS } from './songs.service.js';

/*
 * Two apps in one process over two databases: each context carries its own data connection, and
 * the catalogue's store and the song writes resolve their models on it. Songs written through one
 * app are in its database only; each app's catalogue, kept answers and views hold its own songs,
 * and each app's version check reads its own database.
 *
 * Accounts and API keys are each app's own too, so each app has its own admin and key
 * (twoDatabasesListeners.test.ts shows the listeners' data of two apps apart).
 */

const { dbName } = useTestDatabase();
const otherDb = () => mongoose.connection.useDb(`${dbName}_other`, { useCache: true });
const one = createTestApp();
const two = createTestApp({}, { connection: otherDb() });
type App = typeof one;
/** Each app's admin and API key. */
const admins = new Map<App, TestUser>();
const keys = new Map<App, string>();

const ONE_SONG = { name: 'Aardvark Anthem', artist: 'Burrow Band', album: 'Underground', genre: 'Polka', img: 'https://img.test/a.png', song: 'https://audio.test/a.mp3' };
const TWO_SONG = { name: 'Bison Ballad', artist: 'Prairie Choir', album: 'Open Plains', genre: 'Zydeco', img: 'https://img.test/b.png', song: 'https://audio.test/b.mp3' };

const names = (songs: { name?: string; title?: string }[] = []) => songs.map((song) => song.name ?? song.title);
const search = async (app: App, q: string) =>
  names((await request(app.app).get(`/api/search?search=${encodeURIComponent(q)}`).set('x-auth-token', admins.get(app)!.token).expect(200)).body.songs);
const subsonic = async (app: App, method: string, params: Record<string, string> = {}) =>
  (await request(app.app).get(`/rest/${method}?${new URLSearchParams({ apiKey: keys.get(app)!, v: '1.16.1', c: 'test', f: 'json', ...params })}`).expect(200)).body[
    'subsonic-response'
  ];
const fullList = async ({ app }: App): Promise<Song[]> => (await request(app).get('/api/songs').expect(200)).body.data;
const genres = async (app: App) => ((await subsonic(app, 'getGenres')).genres.genre as { value: string }[]).map((genre) => genre.value);
const albums = async (app: App) => ((await subsonic(app, 'getAlbumList2', { type: 'alphabeticalByName', size: '500' })).albumList2.album as { name: string }[]).map((album) => album.name);

beforeAll(async () => {
  setSoleWriter(false);
  await clearDatabase();
  await otherDb().dropDatabase();
  await addSongs(one.ctx, [ONE_SONG, ...generateSongs(30, 1)]);
  await addSongs(two.ctx, [TWO_SONG, ...generateSongs(20, 2)]);
  for (const app of [one, two]) {
    const admin = await createUser({ admin: true }, app.ctx.data);
    admins.set(app, admin);
    keys.set(app, (await createApiKey(app.ctx, admin._id, { name: 'Test' })).key);
  }
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await otherDb().dropDatabase();
});

describe('two apps in one process over two databases', () => {
  it('store each song write in their own database', async () => {
    expect(await one.ctx.data.model(SONG_MODEL).countDocuments()).toBe(31);
    expect(await two.ctx.data.model(SONG_MODEL).countDocuments()).toBe(21);
    expect(one.ctx.data.connection.name).toBe(dbName);
    expect(two.ctx.data.connection.name).toBe(`${dbName}_other`);
  });

  it('keep their own full list, search answers and views', async () => {
    const [listOne, listTwo] = [await fullList(one), await fullList(two)];
    expect(listOne).toHaveLength(31);
    expect(listTwo).toHaveLength(21);
    expect(names(listOne)).toContain(ONE_SONG.name);
    expect(names(listTwo)).toContain(TWO_SONG.name);
    expect((await one.ctx.catalogue.fullListBody()).etag).not.toBe((await two.ctx.catalogue.fullListBody()).etag);

    expect(await search(one, 'aardvark')).toEqual([ONE_SONG.name]);
    expect(await search(one, 'bison')).toEqual([]);
    expect(await search(two, 'bison')).toEqual([TWO_SONG.name]);
    expect(await search(two, 'aardvark')).toEqual([]);
    expect(names((await subsonic(one, 'search3', { query: 'aardvark' })).searchResult3.song)).toEqual([ONE_SONG.name]);
    expect((await subsonic(two, 'search3', { query: 'aardvark' })).searchResult3.song ?? []).toEqual([]);

    expect(await albums(one)).toContain(ONE_SONG.album);
    expect(await albums(one)).not.toContain(TWO_SONG.album);
    expect(await albums(two)).toContain(TWO_SONG.album);
    expect(await albums(two)).not.toContain(ONE_SONG.album);
    expect(await genres(one)).toContain(ONE_SONG.genre);
    expect(await genres(one)).not.toContain(TWO_SONG.genre);
    expect(await genres(two)).toContain(TWO_SONG.genre);
    expect(await genres(two)).not.toContain(ONE_SONG.genre);

    for (const view of [searchIndexView, searchAnswersView, libraryView, genreIndexView] as CatalogueView<unknown>[]) {
      expect(await one.ctx.catalogue.view(view), view.name).not.toBe(await two.ctx.catalogue.view(view));
    }
  });

  it('check the version of their own database', async () => {
    const [snapshotOne, snapshotTwo] = [await one.ctx.catalogue.snapshot(), await two.ctx.catalogue.snapshot()];
    expect(snapshotOne.version.startsWith(`${dbName}:`)).toBe(true);
    expect(snapshotTwo.version.startsWith(`${dbName}_other:`)).toBe(true);

    // Another process writes to app two's database: a catalogue of its own over that database.
    const elsewhere = { data: new AppData(otherDb()), catalogue: createAppCatalogue({ data: new AppData(otherDb()) }) };
    const late = { ...TWO_SONG, name: 'Caribou Carol', album: 'Tundra' };
    await addSongs(elsewhere, [late]);

    // Past the bound, each app reads its own database's version: two sees the write, one does not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CATALOGUE_BOUND_MS + 1 });
    expect(await search(two, 'caribou')).toEqual([late.name]);
    expect(await search(one, 'caribou')).toEqual([]);
    expect(await one.ctx.catalogue.snapshot()).toBe(snapshotOne);
    expect((await two.ctx.catalogue.snapshot()).version).not.toBe(snapshotTwo.version);
  });
});
