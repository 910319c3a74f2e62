import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from './playlists.seed.js';

/*
 * What a like, a playlist create and an add-song cost the engine: a fixed number of calls, the
 * same for a listener with 3 playlists and with 300 (catalogueScale.test.ts compares catalogue
 * sizes). The stamp reads and moves that keep read models fresh across processes run on a clock,
 * at most one per interval, so they are left out.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();

const TIMED = /^(catalogue_versions|shared_stamps)(\.|$)/;
async function callsDuring(task: () => Promise<request.Response>): Promise<Record<string, number>> {
  const { calls } = await engineCallsDuring(async () => {
    const res = await task();
    expect(res.status, res.text).toBeLessThan(300);
  });
  return Object.fromEntries(Object.entries(calls).filter(([key]) => !TIMED.test(key)));
}

let songIds: string[];
beforeAll(async () => {
  songIds = await addSongs(ctx, generateSongs(1000, 3));
});

async function listenerWith(playlists: number): Promise<{ user: TestUser; playlistIds: string[] }> {
  const user = await createUser();
  const playlistIds = await insertPlaylists(ctx.playlists, Array.from({ length: playlists }, (_, i) => ({ name: `Mix ${i}`, desc: '', user: user._id })));
  // The first request reads the identity, as any first request after a start does.
  await request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
  return { user, playlistIds };
}

describe.each([3, 300])('writes of a listener with %i playlists', (playlists) => {
  let user: TestUser;
  let playlistIds: string[];
  beforeAll(async () => {
    ({ user, playlistIds } = await listenerWith(playlists));
  });
  const as = () => ({ 'x-auth-token': user.token });

  it('a like is one insert, an unlike a refused insert and a delete', async () => {
    const like = () => request(app).put(`/api/songs/like/${songIds[7]}`).set(as());
    expect(await callsDuring(like)).toEqual({ 'likes.insertMany': 1 });
    expect(await callsDuring(like)).toEqual({ 'likes.deleteOne': 1, 'likes.insertMany': 1 });
    expect(await callsDuring(like)).toEqual({ 'likes.insertMany': 1 });
  });

  it('a create is the playlist insert and one update of the listener’s list', async () => {
    const create = () => request(app).post('/api/playlists').set(as()).send({ name: 'New', desc: '' });
    expect(await callsDuring(create)).toEqual({ 'playlists.insertMany': 1, 'user_playlists.updateOne': 1 });
  });

  it('adding a song to a playlist seen before is one update by _id', async () => {
    const add = (songId: string) => () =>
      request(app).put('/api/playlists/add-song').set(as()).send({ playlistId: playlistIds.at(-1), songId });
    expect(await callsDuring(add(songIds[1]!))).toEqual({ 'playlists.findOneAndUpdate': 1 });
    expect(await callsDuring(add(songIds[2]!))).toEqual({ 'playlists.findOneAndUpdate': 1 });
    expect(await callsDuring(add(songIds[2]!))).toEqual({ 'playlists.findOneAndUpdate': 1 });
  });
});

it('a playlist this process has not seen is read once for its owner, then no more', async () => {
  const user = await createUser();
  const [playlistId] = await insertPlaylists(ctx.playlists, [{ name: 'Elsewhere', desc: '', user: user._id }]);
  const add = (songId: string) => () =>
    request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId, songId });
  expect(await callsDuring(add(songIds[1]!))).toMatchObject({ 'playlists.findOne': 1, 'playlists.findOneAndUpdate': 1 });
  expect(await callsDuring(add(songIds[2]!))).toEqual({ 'playlists.findOneAndUpdate': 1 });
});

it('a known playlist still answers 403 to another listener and 404 once deleted', async () => {
  const { user: owner, playlistIds } = await listenerWith(1);
  const other = await createUser();
  const playlistId = playlistIds[0]!;
  const add = (user: TestUser, songId: string) =>
    request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId, songId });
  expect((await add(owner, songIds[0]!)).status).toBe(200);
  expect((await add(other, songIds[0]!)).status).toBe(403);
  expect((await request(app).delete(`/api/playlists/${playlistId}`).set('x-auth-token', owner.token)).status).toBe(200);
  const gone = await add(owner, songIds[1]!);
  expect(gone.status).toBe(404);
  expect(gone.body.message).toBe('Playlist not found');
  expect((await add(other, songIds[1]!)).status).toBe(404);
});
