import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring, withoutTimed } from '../test/engineCalls.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { setLiked } from '../likes/likes.service.js';
import { insertPlaylists } from './playlists.seed.js';

/*
 * One listener doing many things at once: concurrent writes to one document (one like, one
 * listener's playlist list, one playlist) go as one engine write a round (group commit per
 * document), each request still answered with its own result; and the listener's playlists are
 * patched on a change, not read again, and encoded once for every reader waiting. The process is
 * the sole writer here, as the embedded setup runs: no shared stamp drops what it keeps.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
beforeAll(() => setSoleWriter(true));
afterAll(() => setSoleWriter(false));

async function during<T>(task: () => Promise<T>): Promise<{ result: T; calls: Record<string, number>; records: Record<string, number> }> {
  let result!: T;
  const { calls, records } = await engineCallsDuring(async () => {
    result = await task();
  });
  return { result, ...withoutTimed({ calls, records }) };
}
const times = <T>(n: number, task: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => task(i)));

let songIds: string[];
beforeAll(async () => {
  songIds = await addSongs(ctx, generateSongs(200, 5));
});

async function listenerWith(playlists: number): Promise<{ user: TestUser; playlistIds: string[] }> {
  const user = await createUser();
  const playlistIds = await insertPlaylists(ctx.playlists, Array.from({ length: playlists }, (_, i) => ({ name: `Mix ${i}`, desc: '', user: user._id })));
  return { user, playlistIds };
}
const userPlaylists = (user: TestUser) => request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);

describe('concurrent writes of one listener', () => {
  it('10 toggles of one like: at most three engine writes, answered as 10 toggles one after the other', async () => {
    const { user } = await listenerWith(0);
    await userPlaylists(user);
    const { result, calls } = await during(() => times(10, () => request(app).put(`/api/songs/like/${songIds[3]}`).set('x-auth-token', user.token)));
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(result.filter((res) => res.body.liked === true)).toHaveLength(5);
    expect((calls['likes.insertMany'] ?? 0) + (calls['likes.deleteOne'] ?? 0)).toBeLessThanOrEqual(3);
    const ids = await request(app).get('/api/songs/like/ids').set('x-auth-token', user.token);
    expect(ids.body.data).toEqual([]);
    // An odd number of toggles leaves it liked.
    await times(7, () => request(app).put(`/api/songs/like/${songIds[3]}`).set('x-auth-token', user.token));
    expect((await request(app).get('/api/songs/like/ids').set('x-auth-token', user.token)).body.data).toEqual([songIds[3]]);
  });

  it('10 toggles of a like this app stored: at most two engine writes in all, and a star or unstar between is seen', async () => {
    const { user } = await listenerWith(0);
    const song = songIds[4]!;
    const toggle = () => request(app).put(`/api/songs/like/${song}`).set('x-auth-token', user.token);
    expect((await toggle()).body.liked).toBe(true);
    const { result, calls } = await during(() => times(10, toggle));
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(result.filter((res) => res.body.liked === true)).toHaveLength(5);
    // The state is known: no probe (a refused insert, a delete), only the end state of each round.
    expect(Object.keys(calls).every((key) => key === 'likes.insertMany' || key === 'likes.deleteOne')).toBe(true);
    expect((calls['likes.insertMany'] ?? 0) + (calls['likes.deleteOne'] ?? 0)).toBeLessThanOrEqual(2);
    expect((await request(app).get('/api/songs/like/ids').set('x-auth-token', user.token)).body.data).toEqual([song]);
    // An unstar outside the toggles (Subsonic) drops what was known: the next toggle likes again.
    await setLiked(ctx, user._id, song, false);
    expect((await toggle()).body.liked).toBe(true);
    await setLiked(ctx, user._id, song, false);
    await setLiked(ctx, user._id, song, true);
    expect((await toggle()).body.liked).toBe(false);
  });

  it('10 likes of distinct songs: at most two inserts', async () => {
    const { user } = await listenerWith(0);
    await userPlaylists(user);
    const { result, calls } = await during(() => times(10, (i) => request(app).put(`/api/songs/like/${songIds[10 + i]}`).set('x-auth-token', user.token)));
    expect(result.every((res) => res.status === 200 && res.body.liked === true)).toBe(true);
    expect(calls).toEqual({ 'likes.insertMany': expect.any(Number) });
    expect(calls['likes.insertMany']).toBeLessThanOrEqual(2);
  });

  it('10 creates into one list: at most three playlist inserts and three list writes, every playlist listed', async () => {
    const { user } = await listenerWith(3);
    await userPlaylists(user);
    const { result, calls } = await during(() =>
      times(10, (i) => request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name: `New ${i}`, desc: '' })),
    );
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(201));
    // The requests reach the API a little apart: the first goes alone, the rest in one or two rounds.
    expect(calls['playlists.insertMany']).toBeLessThanOrEqual(3);
    expect(calls['user_playlists.updateOne']).toBeLessThanOrEqual(3);
    const listed = await during(() => userPlaylists(user));
    expect(listed.calls).toEqual({});
    expect(listed.result.body.data.map((p: { _id: string }) => p._id).sort()).toEqual(
      [...result.map((res) => res.body.data._id as string), ...(await userPlaylistIdsOf(user)).slice(10)].sort(),
    );
    expect(listed.result.body.data).toHaveLength(13);
  });

  it('10 creates into a long list: at most three playlist inserts and three writes of its recent part, the older ids not rewritten', async () => {
    const { user } = await listenerWith(1000);
    await userPlaylists(user);
    const older = () => mongoose.connection.db!.collection<{ _id: string; rev?: string }>('user_playlists').findOne({ _id: user._id.toLowerCase() });
    const olderRev = (await older())?.rev;
    const { result, calls } = await during(() =>
      times(10, (i) => request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name: `New ${i}`, desc: '' })),
    );
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(Object.keys(calls).sort()).toEqual(['playlists.insertMany', 'user_playlists.updateOne']);
    expect(calls['playlists.insertMany']).toBeLessThanOrEqual(3);
    expect(calls['user_playlists.updateOne']).toBeLessThanOrEqual(3);
    expect((await older())?.rev).toBe(olderRev);
    const listed = await userPlaylists(user);
    expect(listed.body.data).toHaveLength(1010);
    expect(listed.body.data.slice(0, 10).map((p: { _id: string }) => p._id).sort()).toEqual(result.map((res) => res.body.data._id as string).sort());
  });

  it('10 add-songs to one playlist: at most two updates, each answered with its own count; a duplicate adds nothing', async () => {
    const { user, playlistIds } = await listenerWith(1);
    const playlistId = playlistIds[0]!;
    await request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId, songId: songIds[0] });
    const { result, calls } = await during(() =>
      times(10, (i) => request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId, songId: songIds[i % 5] })),
    );
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(calls).toEqual({ 'playlists.findOneAndUpdate': expect.any(Number) });
    expect(calls['playlists.findOneAndUpdate']).toBeLessThanOrEqual(2);
    // songIds[0] was there; 1 to 4 each add one, their repeats add nothing.
    expect(Math.max(...result.map((res) => res.body.data.songs as number))).toBe(5);
    expect(result.every((res) => res.body.data._id === playlistId)).toBe(true);
    const one = await request(app).get(`/api/playlists/${playlistId}`).set('x-auth-token', user.token);
    expect(one.body.data.songs.map((s: { _id: string }) => s._id)).toEqual(songIds.slice(0, 5));
  });
});

async function userPlaylistIdsOf(user: TestUser): Promise<string[]> {
  return (await userPlaylists(user)).body.data.map((p: { _id: string }) => p._id);
}

describe.each([10, 1000])("a listener's playlists with %i playlists", (count) => {
  let user: TestUser;
  let playlistIds: string[];
  beforeAll(async () => {
    ({ user, playlistIds } = await listenerWith(count));
    await times(3, (i) => request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId: playlistIds[i], songId: songIds[i] }));
  });

  it('are read once for 10 readers, by primary key, reading no song', async () => {
    const { result, calls, records } = await during(() => times(10, () => userPlaylists(user)));
    expect(result.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(result.map((res) => res.headers.etag)).size).toBe(1);
    expect(calls['user_playlists.find'] ?? 0).toBeLessThanOrEqual(1);
    expect(Object.keys(calls).filter((key) => !key.startsWith('user_playlists.') && !key.startsWith('playlists.'))).toEqual([]);
    expect(records.songs).toBeUndefined();
    expect(result[0]!.body.data).toHaveLength(count);
  });

  it.each([
    ['an add-song', () => request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId: playlistIds[0], songId: songIds[9] })],
    ['a create', () => request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name: 'Fresh', desc: '' })],
    ['an edit', () => request(app).put(`/api/playlists/edit/${playlistIds[1]}`).set('x-auth-token', user.token).send({ name: 'Renamed' })],
  ])('right after %s: no engine call, one body for 10 readers, showing the change', async (_, change) => {
    await userPlaylists(user);
    const changed = await change();
    expect(changed.status).toBeLessThan(300);
    const made = ctx.playlists.bodies.count;
    const { result, calls } = await during(() => times(10, () => userPlaylists(user)));
    expect(calls).toEqual({});
    expect(ctx.playlists.bodies.count - made).toBe(1);
    expect(new Set(result.map((res) => res.headers.etag)).size).toBe(1);
    const data = result[0]!.body.data as { _id: string; name: string; songs: { _id: string }[] }[];
    expect(data.find((p) => p._id === playlistIds[0])!.songs.map((s) => s._id)).toContain(songIds[9]);
    if (changed.status === 201) expect(data[0]!._id).toBe(changed.body.data._id);
  });
});
