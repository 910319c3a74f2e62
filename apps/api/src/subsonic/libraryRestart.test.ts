import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { libraryShape } from '../test/libraryShape.js';
import { generateSongs, withAlbums } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { createCatalogue } from '../songs/catalogue.js';
import { catalogueStore } from '../songs/songCatalogue.repo.js';
import { searchIndexView } from '../search/songIndex.js';
import { albumsInOrder } from './albumOrders.js';
import { buildLibrary, currentLibrary } from './library.js';

/*
 * The Subsonic library is kept in the snapshot file beside the songs. After a restart it is read
 * back instead of filed song by song, with the album orders that were sorted before: the first
 * album page waits for no build and no sort, and a write patches the restored library as it would
 * a built one.
 */

/** The song-block encodes so far: putting a view in a file must not encode its songs again. */
const encodes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../songs/songTable.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../songs/songTable.js')>();
  return {
    ...actual,
    encodeSongTable: (...args: Parameters<typeof actual.encodeSongTable>) => {
      encodes.count += 1;
      return actual.encodeSongTable(...args);
    },
  };
});

useTestDatabase();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-library-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A catalogue of albums, its library built and sorted by name, kept on disk; then a restart on the same file. */
async function restartedWith(size: number) {
  await clearDatabase();
  const file = path.join(dir, `catalogue-${size}.snapshot`);
  const first = createTestApp({}, { snapshotFile: file });
  await addSongs(first.ctx, withAlbums(generateSongs(size, 7), 7));
  albumsInOrder(await currentLibrary(first.ctx.catalogue), 'alphabeticalByName');
  await first.ctx.catalogue.written();
  const again = createTestApp({}, { snapshotFile: file });
  // As the server does before it listens.
  await again.ctx.catalogue.loadKept();
  return { first, again };
}

describe('the Subsonic library after a restart', () => {
  it('is restored from the file, not built: the same artists, albums, orders and pages, holding the list’s own songs', async () => {
    const { first, again } = await restartedWith(3000);
    const listener = await createUser();
    const pages = ['/api/browse/albums?sort=name&limit=60&page=2', '/api/browse/albums?sort=year&limit=60', '/api/browse/artists?limit=100&page=1'];
    const before = await Promise.all(pages.map(async (page) => (await request(first.app).get(page).set('x-auth-token', listener.token)).body));

    const restored = await currentLibrary(again.ctx.catalogue);
    expect(again.ctx.catalogue.stats().library).toEqual({ builds: 0, patches: 0, restores: 1 });
    // Every catalogue-wide order was kept sorted, though only the name order had been asked for:
    // the first page in any of them sorts nothing.
    expect([...restored.orders.keys()].sort()).toEqual(['alphabeticalByArtist', 'alphabeticalByName', 'byYear', 'byYearDescending', 'newest', 'withoutYear']);
    const snapshot = await again.ctx.catalogue.snapshot();
    const byId = again.ctx.catalogue.songsByIdOf(snapshot);
    expect(restored.albums.every((album) => album.songs.every((song) => byId.get(song._id) === song))).toBe(true);
    for (const [i, page] of pages.entries()) {
      expect((await request(again.app).get(page).set('x-auth-token', listener.token)).body, page).toEqual(before[i]);
    }
    const kept = await currentLibrary(first.ctx.catalogue);
    expect(libraryShape(restored)).toEqual(libraryShape(kept));
    expect(restored.lastModified).toBe(kept.lastModified);
  }, 120_000);

  it('is patched by a write after the restart, and then equals a build from scratch', async () => {
    const { again } = await restartedWith(1000);
    const { catalogue } = again.ctx;
    await currentLibrary(catalogue);
    await addSongs(again.ctx, [{ name: 'Zebra Crossing', artist: 'Quartz Lantern', album: 'Night Ferries', img: 'https://img.test/z.png', song: 'https://audio.test/z.mp3', year: 2003 }]);
    expect(catalogue.stats().library).toEqual({ builds: 0, patches: 1, restores: 1 });
    const snapshot = await catalogue.snapshot();
    const patched = await currentLibrary(catalogue);
    expect(patched.albums.some((album) => album.name === 'Night Ferries')).toBe(true);
    expect(libraryShape(patched)).toEqual(libraryShape(await buildLibrary(snapshot, catalogue.songsByIdOf(snapshot))));
  }, 120_000);

  it('joins a file kept before the library was: the songs and body are copied as they were, and the next start restores it', async () => {
    await clearDatabase();
    const file = path.join(dir, 'catalogue-older.snapshot');
    const { ctx } = createTestApp({}, { snapshotFile: file });
    await addSongs(ctx, withAlbums(generateSongs(800, 5), 5));
    // A file as a build that kept only the search index left it.
    const older = createCatalogue({ snapshotFile: file, views: [searchIndexView], store: catalogueStore(ctx.data) });
    await older.snapshot();
    await older.written();
    expect(encodes.count).toBeGreaterThan(0);
    const songsPart = fs.readFileSync(file);

    const upgraded = createTestApp({}, { snapshotFile: file });
    await upgraded.ctx.catalogue.loadKept();
    const built = await currentLibrary(upgraded.ctx.catalogue);
    expect(upgraded.ctx.catalogue.stats().library).toEqual({ builds: 1, patches: 0, restores: 0 });
    const encodedBefore = encodes.count;
    await upgraded.ctx.catalogue.written();
    expect(encodes.count).toBe(encodedBefore);
    const after = fs.readFileSync(file);
    // The file before its views is byte for byte the older one: nothing was encoded again.
    const viewsAt = songsPart.indexOf('searchIndex\n');
    expect(after.subarray(0, viewsAt).equals(songsPart.subarray(0, viewsAt))).toBe(true);
    expect(after.length).toBeGreaterThan(songsPart.length);

    const next = createTestApp({}, { snapshotFile: file });
    await next.ctx.catalogue.loadKept();
    const restored = await currentLibrary(next.ctx.catalogue);
    expect(next.ctx.catalogue.stats().library).toEqual({ builds: 0, patches: 0, restores: 1 });
    expect(next.ctx.catalogue.stats().searchIndex).toEqual({ builds: 0, patches: 0, restores: 1 });
    expect(libraryShape(restored)).toEqual(libraryShape(built));
  }, 120_000);
});
