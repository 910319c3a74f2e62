import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring, withoutTimed } from '../test/engineCalls.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from './playlists.seed.js';

/*
 * What `GET /api/playlists/user-playlists` costs the engine for a listener with 10 and with 1,000
 * playlists: the first read is the listener's list and one find of its ids, whatever their number,
 * and touches only their playlists; a read right after a change of one of them reads nothing.
 * One process on its own database, as the server runs by default: no shared stamp drops the kept
 * list on a clock between the two reads.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
beforeAll(() => setSoleWriter(true));
afterAll(() => setSoleWriter(false));


let songIds: string[];
beforeAll(async () => {
  songIds = await addSongs(ctx, generateSongs(200, 3));
});

describe.each([10, 1000])('user-playlists of a listener with %i playlists', (playlists) => {
  let user: TestUser;
  let playlistIds: string[];
  const read = () => request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
  const costOf = async (task: () => Promise<request.Response>) => {
    let res: request.Response | undefined;
    const { calls, records } = await engineCallsDuring(async () => {
      res = await task();
      expect(res.status, res.text).toBeLessThan(300);
    });
    return { ...withoutTimed({ calls, records }), res: res! };
  };

  beforeAll(async () => {
    user = await createUser();
    // Some of every playlist's songs, and other listeners' playlists beside them.
    const other = await createUser();
    playlistIds = await insertPlaylists(ctx.playlists,
      Array.from({ length: playlists }, (_, i) => ({ name: `Mix ${i}`, desc: '', user: user._id, songIds: songIds.slice(i % 150, (i % 150) + 5) })),
    );
    await insertPlaylists(ctx.playlists, Array.from({ length: 50 }, (_, i) => ({ name: `Theirs ${i}`, desc: '', user: other._id })));
    // The identity is read on the first request after a start, whatever it asks for.
    await request(app).get(`/api/playlists/${playlistIds[0]}`).set('x-auth-token', user.token);
  });

  it('the first read is the list and one find by ids, touching only the listener’s playlists', async () => {
    const { calls, records, res } = await costOf(read);
    expect(calls).toEqual({ 'playlists.find': 1, 'user_playlists.find': 1 });
    expect(records).toEqual({ playlists: playlists, user_playlists: 1 });
    expect(res.body.data).toHaveLength(playlists);
    expect(res.body.data[0].name).toBe(`Mix ${playlists - 1}`);
    expect(res.body.data.at(-1).songs).toHaveLength(5);
  });

  it('a read right after a change reads nothing: the kept list is patched', async () => {
    const add = await costOf(() =>
      request(app).put('/api/playlists/add-song').set('x-auth-token', user.token).send({ playlistId: playlistIds[0], songId: songIds[199] }),
    );
    expect(add.calls).toEqual({ 'playlists.findOneAndUpdate': 1 });
    const { calls, records, res } = await costOf(read);
    expect(calls).toEqual({});
    expect(records).toEqual({});
    expect(res.body.data.at(-1).songs.at(-1)._id).toBe(songIds[199]);
  });
});
