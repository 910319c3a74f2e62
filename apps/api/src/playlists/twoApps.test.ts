import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp } from '../test/context.js';
import { PLAYLIST_MODEL } from './playlist.model.js';
import { USER_PLAYLISTS_MODEL } from './userPlaylists.model.js';
import { createPlaylist, userPlaylists, userPlaylistsBody } from './playlists.service.js';

/*
 * Two apps in one process over two databases: each has its own playlists store (createAppContext),
 * so a playlist written through one is in its database only, and what one app keeps (each
 * listener's list, owners, bodies) never answers for the other. One process on its own databases:
 * no shared stamp drops the kept lists on a clock.
 */

const { dbName } = useTestDatabase();
const otherDb = () => mongoose.connection.useDb(`${dbName}_playlists_other`, { useCache: true });
const one = createTestApp();
const two = createTestApp({}, { connection: otherDb() });
const listener = new mongoose.Types.ObjectId().toHexString();
const names = async (ctx: typeof one.ctx) => (await userPlaylists(ctx, listener)).map((playlist) => playlist.name);

beforeAll(async () => {
  setSoleWriter(true);
  await otherDb().dropDatabase();
});
afterAll(async () => {
  setSoleWriter(false);
  await otherDb().dropDatabase();
});

describe('the playlists of two apps in one process', () => {
  it('are stored in each app’s own database', async () => {
    await createPlaylist(one.ctx, listener, { name: 'Only in one' });
    expect(await one.ctx.data.model(PLAYLIST_MODEL).countDocuments()).toBe(1);
    expect(await two.ctx.data.model(PLAYLIST_MODEL).countDocuments()).toBe(0);
    expect(await two.ctx.data.model(USER_PLAYLISTS_MODEL).countDocuments()).toBe(0);
    expect(await names(one.ctx)).toEqual(['Only in one']);
    expect(await names(two.ctx)).toEqual([]);
  });

  it('keep their own lists, owners and bodies: a write in one leaves the other’s as it was', async () => {
    const bodyOfTwo = await userPlaylistsBody(two.ctx, listener);
    const created = await createPlaylist(two.ctx, listener, { name: 'Only in two' });
    expect(await names(two.ctx)).toEqual(['Only in two']);
    expect(await names(one.ctx)).toEqual(['Only in one']);
    expect(two.ctx.playlists.repo.knownOwnerOf(created._id)).toBe(listener);
    expect(one.ctx.playlists.repo.knownOwnerOf(created._id)).toBeUndefined();
    const bodyOfOne = await userPlaylistsBody(one.ctx, listener);
    expect((await userPlaylistsBody(two.ctx, listener)).etag).not.toBe(bodyOfTwo.etag);
    expect(bodyOfOne.json.toString()).toContain('Only in one');
    expect(bodyOfOne.json.toString()).not.toContain('Only in two');
    expect(one.ctx.playlists).not.toBe(two.ctx.playlists);
  });
});
