import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, CATALOGUE_MESSAGES, PLAYLIST_PAGE } from '@samaa/shared';
import { setSoleWriter } from '../db/engine.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { insertPlaylists } from './playlists.seed.js';

/*
 * PUT /api/playlists/move-song: the owner moves one song of a playlist to another place; one read
 * and one write of the playlist whatever its size, and an add that arrives meanwhile is kept.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
beforeAll(() => setSoleWriter(true));
afterAll(() => setSoleWriter(false));

const UNKNOWN_ID = '0123456789abcdef01234567';
let alice: TestUser;
let bob: TestUser;
let songIds: string[];

beforeEach(async () => {
  ({ alice, bob, songIds } = await listenersWithSongs(ctx, 400, 11));
});

const move = (user: TestUser, body: object) => request(app).put('/api/playlists/move-song').set('x-auth-token', user.token).send(body);
const songsOf = async (user: TestUser, playlistId: string) =>
  (await request(app).get(`/api/playlists/${playlistId}`).set('x-auth-token', user.token)).body.data.songs.map((s: { _id: string }) => s._id) as string[];

async function playlistOf(user: TestUser, songs: string[]) {
  const [id] = await insertPlaylists(ctx.playlists, [{ name: 'Road trip', desc: '', img: '', user: user._id, songIds: songs }]);
  return id!;
}

describe('PUT /api/playlists/move-song', () => {
  it('moves a song down, up, and past the end to last, answering the playlist in its new order', async () => {
    const [a, b, c, d] = songIds;
    const id = await playlistOf(alice, [a!, b!, c!, d!]);
    const down = await move(alice, { playlistId: id, songId: a, to: 2 });
    expect(down.status).toBe(200);
    expect(down.body.message).toBe(PLAYLIST_PAGE.songMoved);
    expect(down.body.data.songs.map((s: { _id: string }) => s._id)).toEqual([b, c, a, d]);
    await move(alice, { playlistId: id, songId: d, to: 0 }).expect(200);
    expect(await songsOf(alice, id)).toEqual([d, b, c, a]);
    await move(alice, { playlistId: id, songId: b, to: 99 }).expect(200);
    expect(await songsOf(alice, id)).toEqual([d, c, a, b]);
  });

  it("keeps the listener's kept playlist list in the new order", async () => {
    const [a, b, c] = songIds;
    const id = await playlistOf(alice, [a!, b!, c!]);
    const list = () => request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token);
    await list();
    await move(alice, { playlistId: id, songId: c, to: 0 }).expect(200);
    const after = await list();
    expect(after.body.data[0].songs.map((s: { _id: string }) => s._id)).toEqual([c, a, b]);
  });

  it("is the owner's only: 403 for another listener, 404 for a playlist or song not there, 401 without a token", async () => {
    const [a, b] = songIds;
    const id = await playlistOf(alice, [a!, b!]);
    const other = await move(bob, { playlistId: id, songId: a, to: 1 });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: API_MESSAGES.forbidden });
    expect(await songsOf(alice, id)).toEqual([a, b]);
    expect((await move(alice, { playlistId: UNKNOWN_ID, songId: a, to: 1 })).body).toEqual({ message: CATALOGUE_MESSAGES.playlistNotFound });
    const notThere = await move(alice, { playlistId: id, songId: songIds[5], to: 0 });
    expect(notThere.status).toBe(404);
    expect(notThere.body).toEqual({ message: PLAYLIST_PAGE.songNotInPlaylist });
    expect((await request(app).put('/api/playlists/move-song').send({ playlistId: id, songId: a, to: 1 })).status).toBe(401);
  });

  it.each([
    [{ playlistId: undefined }, '"playlistId" is required'],
    [{ playlistId: 'nope', to: 0 }, '"playlistId" must be a valid id'],
    [{ songId: undefined }, '"songId" is required'],
    [{ songId: 'S', to: 0 }, '"songId" must be a valid id'],
    [{ to: -1 }, '"to" must be a whole number of at least 0'],
    [{ to: 1.5 }, '"to" must be a whole number of at least 0'],
    [{ to: 'last' }, '"to" must be a whole number of at least 0'],
    [{ to: undefined }, '"to" is required'],
  ])('answers 400 with a message to %j', async (change, message) => {
    const id = await playlistOf(alice, songIds.slice(0, 2));
    const res = await move(alice, { playlistId: id, songId: songIds[0], to: 1, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await songsOf(alice, id)).toEqual(songIds.slice(0, 2));
  });

  it('loses nothing when adds, removes and moves of one playlist arrive together', async () => {
    const start = songIds.slice(0, 6);
    const id = await playlistOf(alice, start);
    const put = (path: string, body: object) => request(app).put(path).set('x-auth-token', alice.token).send(body);
    const results = await Promise.all([
      put('/api/playlists/add-song', { playlistId: id, songId: songIds[10] }),
      move(alice, { playlistId: id, songId: start[0], to: 5 }),
      put('/api/playlists/add-song', { playlistId: id, songId: songIds[11] }),
      move(alice, { playlistId: id, songId: start[5], to: 0 }),
      put('/api/playlists/remove-song', { playlistId: id, songId: start[2] }),
      put('/api/playlists/add-song', { playlistId: id, songId: songIds[12] }),
    ]);
    expect(results.map((res) => res.status)).toEqual(Array(6).fill(200));
    const after = await songsOf(alice, id);
    expect([...after].sort()).toEqual([start[0], start[1], start[3], start[4], start[5], songIds[10], songIds[11], songIds[12]].sort());
    expect(after[0]).toBe(start[5]);
    expect(after.indexOf(start[0]!)).toBeGreaterThan(after.indexOf(start[4]!));
  });

  it.each([3, 300])('costs one read and one write of the playlist with %i songs, and reads no song', async (size) => {
    const id = await playlistOf(alice, songIds.slice(0, size));
    await songsOf(alice, id);
    const { calls, records } = await engineCallsDuring(async () => {
      await move(alice, { playlistId: id, songId: songIds[0], to: size - 1 }).expect(200);
    });
    const ours = Object.fromEntries(Object.entries(calls).filter(([key]) => !/^(catalogue_versions|shared_stamps)\./.test(key)));
    expect(ours).toEqual({ 'playlists.findOne': 1, 'playlists.findOneAndUpdate': 1 });
    expect(records.songs).toBeUndefined();
    expect(records.playlists).toBe(2);
  });
});
