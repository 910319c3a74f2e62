import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { generateSongs } from './generateSongs.js';
import { plainSongCount, tableOf } from './songTable.js';
import { addSongs } from './songs.service.js';
import { createCatalogue, songsByIdView, type CatalogueView } from './catalogue.js';
import { catalogueStore } from './songCatalogue.repo.js';
import { searchIndexView } from '../search/songIndex.js';

/*
 * After a restart the catalogue comes from the snapshot file: the first full list is sent from
 * the file's bytes (no song read from the engine, none parsed), and the songs load in the
 * background a block at a time, so a search right after the start waits for no whole-catalogue
 * parse holding the event loop.
 */

useTestDatabase();
countEngineCalls();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-catalogue-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A catalogue of `size` songs, its full list made (which writes the file), then a restart: a new
 * app whose catalogue keeps the same file.
 */
async function restartedWith(size: number) {
  await clearDatabase();
  const file = path.join(dir, `catalogue-${size}.snapshot`);
  const first = createTestApp({}, { snapshotFile: file });
  const songs = generateSongs(size, 11);
  for (let i = 0; i < songs.length; i += 5000) await addSongs(first.ctx, songs.slice(i, i + 5000));
  const before = await request(first.app).get('/api/songs');
  expect(before.status).toBe(200);
  const page = await request(first.app).get('/api/songs?limit=50&page=2');
  await first.ctx.catalogue.written();
  expect(fs.existsSync(file)).toBe(true);
  const { app, ctx } = createTestApp({}, { snapshotFile: file });
  return { before, page, app, ctx, catalogue: ctx.catalogue, first, file };
}

describe('the catalogue after a restart', () => {
  it('sends the first full list from the snapshot file: the same bytes and ETag, no song read', async () => {
    const counts = [];
    for (const size of [1000, 20_000]) {
      const { before, app } = await restartedWith(size);
      let first: request.Response | undefined;
      counts.push(await engineCallsDuring(async () => (first = await request(app).get('/api/songs'))));
      expect(first!.status).toBe(200);
      expect(first!.headers.etag).toBe(before.headers.etag);
      expect(first!.headers['content-encoding']).toBe('gzip');
      expect(first!.text).toBe(before.text);
      const identity = await request(app).get('/api/songs').set('Accept-Encoding', 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.text).toBe(before.text);
      const revalidated = await request(app).get('/api/songs').set('If-None-Match', before.headers.etag!);
      expect(revalidated.status).toBe(304);
    }
    // One version read, whatever the size; no song document.
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[0]!.records.songs ?? 0).toBe(0);
    expect(Object.keys(counts[0]!.calls).every((key) => key.startsWith('catalogue_versions.'))).toBe(true);
  }, 300_000);

  it('loads the songs from the file a block at a time, and a search right after the start reads none from the engine', async () => {
    const size = 20_000;
    const { before, page, app, catalogue } = await restartedWith(size);
    let snapshot: Awaited<ReturnType<typeof catalogue.snapshot>> | undefined;
    const counts = await engineCallsDuring(async () => {
      snapshot = await catalogue.snapshot();
    });
    expect(counts.records.songs ?? 0).toBe(0);
    // The file's song table itself, not parsed: no work per song before the first request.
    expect(tableOf(snapshot!.songs)?.rows).toBe(size);
    // The songs read back are the ones listed before, field for field and in order.
    expect((await request(app).get('/api/songs?limit=50&page=2')).text).toBe(page.text);
    expect((await request(app).get('/api/songs')).text).toBe(before.text);

    const restarted = await restartedWith(size);
    const listener = await createUser();
    const search = await engineCallsDuring(async () => {
      const res = await request(restarted.app).get('/api/search?search=midnight').set('x-auth-token', listener.token);
      expect(res.status).toBe(200);
      expect(res.body.songs.length).toBeGreaterThan(0);
    });
    expect(search.records.songs ?? 0).toBe(0);
  }, 300_000);

  it('restores the search index kept beside the songs: the first search builds no index and answers as before the restart', async () => {
    const listener = await createUser();
    const queries = ['midnight', 'aria kapoor', 'midnigt', 'lo'];
    for (const size of [1000, 20_000]) {
      const { app, catalogue, first } = await restartedWith(size);
      const answers: unknown[] = [];
      for (const query of queries) answers.push((await request(first.app).get(`/api/search?search=${encodeURIComponent(query)}`).set('x-auth-token', listener.token)).body);
      // As the server does before it listens: the by-id map is made then too, not on first use.
      await catalogue.loadKept();
      const loaded = await catalogue.snapshot();
      expect(catalogue.built(songsByIdView, loaded)?.size).toBe(loaded.songs.length);
      const search = await engineCallsDuring(async () => {
        const res = await request(app).get('/api/search?search=midnight').set('x-auth-token', listener.token);
        expect(res.body).toEqual(answers[0]);
      });
      expect(search.records.songs ?? 0).toBe(0);
      for (const [i, query] of queries.entries()) {
        expect((await request(app).get(`/api/search?search=${encodeURIComponent(query)}`).set('x-auth-token', listener.token)).body, query).toEqual(answers[i]);
      }
      expect(catalogue.stats().searchIndex).toEqual({ builds: 0, patches: 0, restores: 1 });
      expect(catalogue.stats().songsById!.builds).toBe(0);
    }
  }, 300_000);

  it('keeps the index as a song write left it: the restart after a write restores it with the change', async () => {
    const { app, ctx, catalogue, file } = await restartedWith(1000);
    await catalogue.loadKept();
    const [added] = generateSongs(1, 99).map((song) => ({ ...song, name: 'Zyxwvut Quokka' }));
    await addSongs(ctx, [added!]);
    await catalogue.written();
    const listener = await createUser();
    const before = (await request(app).get('/api/search?search=zyxwvut').set('x-auth-token', listener.token)).body;
    expect(before.songs.map((song: { name: string }) => song.name)).toEqual(['Zyxwvut Quokka']);
    const again = createTestApp({}, { snapshotFile: file });
    await again.ctx.catalogue.loadKept();
    expect((await request(again.app).get('/api/search?search=zyxwvut').set('x-auth-token', listener.token)).body).toEqual(before);
    expect(again.ctx.catalogue.stats().searchIndex).toEqual({ builds: 0, patches: 0, restores: 1 });
  }, 300_000);

  it('keeps the songs and the other views when one view cannot be encoded', async () => {
    await clearDatabase();
    const file = path.join(dir, 'catalogue-broken-view.snapshot');
    const { ctx } = createTestApp();
    await addSongs(ctx, generateSongs(300, 3));
    const broken: CatalogueView<number> = {
      name: 'broken',
      build: () => 1,
      keep: {
        encode: () => {
          throw new Error('cannot be encoded');
        },
        restore: () => 1,
      },
    };
    const views = [searchIndexView, broken] as CatalogueView<unknown>[];
    const catalogue = createCatalogue({ snapshotFile: file, views, store: catalogueStore(ctx.data) });
    await catalogue.view(broken);
    await catalogue.written();
    const again = createCatalogue({ snapshotFile: file, views, store: catalogueStore(ctx.data) });
    await again.loadKept();
    expect((await again.snapshot()).songs).toHaveLength(300);
    expect(again.stats().searchIndex).toEqual({ builds: 0, patches: 0, restores: 1 });
    expect(again.stats().broken!.restores).toBe(0);
  }, 120_000);

  it('makes a list that writes filled with plain songs a table again, from the file, its views answering as before', async () => {
    await clearDatabase();
    const file = path.join(dir, 'catalogue-compact.snapshot');
    const { app, ctx } = createTestApp({}, { snapshotFile: file });
    const listener = await createUser();
    const auth = { 'x-auth-token': listener.token };
    await addSongs(ctx, generateSongs(100, 3));
    await ctx.catalogue.view(searchIndexView);
    // A scan's batches while listeners read: each one patches the list held, one object per song.
    const songs = generateSongs(12_000, 5);
    for (let i = 0; i < songs.length; i += 500) await addSongs(ctx, songs.slice(i, i + 500));
    expect(plainSongCount((await ctx.catalogue.snapshot()).songs)).toBeGreaterThanOrEqual(12_000);
    const queries = ['midnight', 'golden ra', 'aria'];
    const answers = [];
    for (const query of queries) answers.push((await request(app).get(`/api/search?search=${encodeURIComponent(query)}`).set(auth)).body);
    const list = await request(app).get('/api/songs');
    await ctx.catalogue.written();

    const restores = ctx.catalogue.stats()[searchIndexView.name]!.restores;
    const counts = await engineCallsDuring(() => ctx.catalogue.compact());
    const snapshot = await ctx.catalogue.snapshot();
    expect(tableOf(snapshot.songs)?.rows).toBe(12_100);
    expect(plainSongCount(snapshot.songs)).toBe(0);
    // Read back from the file: no song from the engine, the index restored rather than built.
    expect(counts.records.songs ?? 0).toBe(0);
    expect(ctx.catalogue.stats()[searchIndexView.name]!.restores).toBe(restores + 1);
    const again = await request(app).get('/api/songs');
    expect(again.headers.etag).toBe(list.headers.etag);
    expect(again.text).toBe(list.text);
    for (const [i, query] of queries.entries()) {
      expect((await request(app).get(`/api/search?search=${encodeURIComponent(query)}`).set(auth)).body, query).toEqual(answers[i]);
    }
    // A list of few plain songs is left as it is.
    await addSongs(ctx, generateSongs(10, 6));
    const patched = await ctx.catalogue.snapshot();
    await ctx.catalogue.compact();
    expect(await ctx.catalogue.snapshot()).toBe(patched);
  }, 300_000);
});
