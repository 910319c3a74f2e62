import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring, mostEngineQueriesInFlightDuring, withoutTimed } from '../test/engineCalls.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { CatalogueIndex } from './catalogueIndex.js';
import { warmSearches, warmSearchesInTurns } from './songIndex.js';
import { withTurns } from '../test/eventLoopTurns.js';

/*
 * A listener's first search after a restart (the search fast path, as the server answers it): the
 * catalogue and its search index come from the snapshot file before the server listens, the
 * identities' read model is made with the app, and what is left to read, the token's user and the
 * listener's playlists, is read side by side rather than one after the other.
 */

useTestDatabase();
countEngineCalls();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-first-search-'));
// As `npm start` runs: the only writer of its embedded database, so no shared stamp is read first.
beforeAll(() => setSoleWriter(true));
afterAll(() => {
  setSoleWriter(false);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the first search after a restart', () => {
  it('builds no index, makes no read model, and reads the identity and the playlists side by side', async () => {
    const file = path.join(dir, 'catalogue.snapshot');
    const before = createTestApp({}, { snapshotFile: file });
    await addSongs(before.ctx, generateSongs(2000, 5));
    expect((await request(before.app).get('/api/songs')).status).toBe(200);
    await before.ctx.catalogue.written();
    const listener = await createUser();
    await insertPlaylists(before.ctx.playlists, [
      { name: 'Road trip', user: listener._id },
      { name: 'Sunday', user: listener._id },
    ]);

    // The restart, as the server makes it: the app, then the kept catalogue, then it listens.
    const { ctx, listener: server } = createTestApp({}, { snapshotFile: file });
    await ctx.catalogue.loadKept();
    const made = ctx.data.keptMade();
    expect(made).toContain('userIdentities');

    let status = 0;
    const calls = await engineCallsDuring(async () => {
      const inFlight = await mostEngineQueriesInFlightDuring(async () => {
        const res = await request(server).get('/api/search?search=midnight').set({ 'x-auth-token': listener.token, 'accept-encoding': 'gzip' });
        status = res.status;
      });
      expect(inFlight).toBe(2);
    });
    expect(status).toBe(200);
    // The token's user, the listener's list of playlists and those playlists by id; no song.
    expect(withoutTimed(calls)).toEqual({
      calls: { 'playlists.find': 1, 'user_playlists.find': 1, 'users.findOne': 1 },
      records: { playlists: 2, user_playlists: 1, users: 1 },
    });
    expect(ctx.catalogue.stats().searchIndex).toEqual({ builds: 0, patches: 0, restores: 1 });
    expect(ctx.data.keptMade()).toEqual(made);
  }, 120_000);
});

describe('the search code, warmed before the first listener searches', () => {
  const indexOf600 = () => {
    const index = new CatalogueIndex();
    index.addAll(generateSongs(600, 12).map((song, i) => ({ ...song, _id: `w${i}` })));
    index.finish();
    return index;
  };

  it('searches a restored index a few times at once, in its most common words', () => {
    const index = indexOf600();
    const best = vi.spyOn(index, 'best');
    warmSearches(index, 5);
    expect(best).toHaveBeenCalledTimes(5);
    expect(best.mock.calls[0]![0].slice(0, 2)).toEqual(index.frequentTerms(2));
  });

  it('searches an index built while serving one search at a time, the event loop turning between them', async () => {
    const index = indexOf600();
    const best = vi.spyOn(index, 'best');
    const { turns } = await withTurns(() => warmSearchesInTurns([index], 6));
    expect(best).toHaveBeenCalledTimes(6);
    // No request waits behind more than one of them.
    expect(turns).toBeGreaterThanOrEqual(6);
  });

  it('takes several indexes in turn (the songs, then the library albums and artists), one search a turn', async () => {
    const songs = indexOf600();
    const albums = indexOf600();
    const order: string[] = [];
    vi.spyOn(songs, 'best').mockImplementation(() => (order.push('songs'), { found: [], complete: true }));
    vi.spyOn(albums, 'best').mockImplementation(() => (order.push('albums'), { found: [], complete: true }));
    const { turns } = await withTurns(() => warmSearchesInTurns([songs, albums], 3));
    expect(order).toEqual(['songs', 'albums', 'songs', 'albums', 'songs', 'albums']);
    expect(turns).toBeGreaterThanOrEqual(6);
  });
});
