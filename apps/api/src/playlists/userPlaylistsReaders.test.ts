import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setSoleWriter } from '../db/engine.js';
import { ID_LIST_MAX } from '../db/ferretdbPatches.js';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { generateSongs } from '../songs/generateSongs.js';
import { addSongs, deleteSong } from '../songs/songs.service.js';
import { insertPlaylists } from './playlists.seed.js';

/*
 * Ten listeners' apps ask for one heavy listener's 2,000 playlists right after a change dropped
 * the kept list, while other listeners create playlists: one read of the list and one body for
 * all ten. A write of another list does not split the read in flight. One process on its own
 * database, as the server runs by default: no shared stamp drops the list on a clock.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
beforeAll(() => setSoleWriter(true));
afterAll(() => setSoleWriter(false));

const PLAYLISTS = 2000;
let heavy: TestUser;
let others: TestUser[];
let songIds: string[];

beforeAll(async () => {
  songIds = await addSongs(ctx, generateSongs(300, 3));
  heavy = await createUser();
  await insertPlaylists(ctx.playlists,
    Array.from({ length: PLAYLISTS }, (_, i) => ({ name: `Mix ${i}`, desc: '', user: heavy._id, songIds: songIds.slice(i % 250, (i % 250) + 4) })),
  );
  others = await Promise.all(Array.from({ length: 10 }, () => createUser()));
  // Every listener has been seen once (identity, list), as on a server that has been running.
  for (const user of [heavy, ...others]) await createIn(user);
  await readAs(heavy);
}, 120_000);

const readAs = (user: TestUser) => request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
const createIn = (user: TestUser) => request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name: 'Other', desc: '' });

it('10 readers right after a change, among other listeners’ writes, cause one read and one body', async () => {
  // The change: a song in some of the heavy listener's playlists is deleted; its cascade drops their kept list.
  await deleteSong(ctx, songIds[0]!);
  const bodiesBefore = ctx.playlists.bodies.count;
  const answers: request.Response[] = [];
  const { calls } = await engineCallsDuring(async () => {
    const readers: Promise<request.Response>[] = [];
    for (const other of others) {
      // Sent now (a supertest request waits for its first `then`), before the next write.
      readers.push(readAs(heavy).then((res) => res));
      expect((await createIn(other)).status).toBe(201);
    }
    answers.push(...(await Promise.all(readers)));
  });
  expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
  expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
  expect(answers[0]!.body.data).toHaveLength(PLAYLISTS + 1);
  expect(JSON.stringify(answers[0]!.body)).not.toContain(songIds[0]);
  expect({ lists: calls['user_playlists.find'], finds: calls['playlists.find'], bodies: ctx.playlists.bodies.count - bodiesBefore }).toEqual({
    lists: 1,
    finds: Math.ceil((PLAYLISTS + 1) / ID_LIST_MAX),
    bodies: 1,
  });
}, 60_000);
