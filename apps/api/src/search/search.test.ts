import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { insertSong, insertSongs } from '../songs/songs.repo.js';
import { insertPlaylists } from '../playlists/playlists.repo.js';

useTestDatabase();
const { app } = createTestApp();

const media = { img: 'https://img.test/c.png', song: 'https://audio.test/s.mp3' };
let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  await clearDatabase();
  alice = await createUser();
  bob = await createUser();
});

const search = (q: string, user: TestUser = alice) =>
  request(app).get('/api/search').query({ search: q }).set('x-auth-token', user.token);
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('GET /api/search', () => {
  it('matches song names and artists case-insensitively, prefix matches first', async () => {
    await insertSongs([
      { ...media, name: 'Endless Love', artist: 'Nina Rao' },
      { ...media, name: 'Lover', artist: 'Taylor' },
      { ...media, name: 'Midnight', artist: 'LOVEJOY' },
      { ...media, name: 'Glove Box', artist: 'Sam' },
      { ...media, name: 'Unrelated', artist: 'Nobody' },
    ]);
    const res = await search('love');
    expect(res.status).toBe(200);
    // Prefix on name or artist (by name), then inner matches (by name).
    expect(names(res.body.songs)).toEqual(['Lover', 'Midnight', 'Endless Love', 'Glove Box']);
    expect(res.body.playlists).toEqual([]);
    expect(Object.keys(res.body.songs[0]).sort()).toEqual(['_id', 'artist', 'img', 'name', 'song']);
  });

  it('returns at most 20 songs, prefix matches filling the budget first', async () => {
    await insertSongs([
      ...Array.from({ length: 15 }, (_, i) => ({ ...media, name: `Rain ${String(i).padStart(2, '0')}`, artist: 'A' })),
      ...Array.from({ length: 15 }, (_, i) => ({ ...media, name: `Purple Rain ${String(i).padStart(2, '0')}`, artist: 'B' })),
    ]);
    const res = await search('rain');
    expect(res.body.songs).toHaveLength(20);
    expect(names(res.body.songs).slice(0, 15).every((n) => n.startsWith('Rain'))).toBe(true);
    expect(names(res.body.songs).slice(15).every((n) => n.startsWith('Purple Rain'))).toBe(true);
  });

  it('treats regex characters literally', async () => {
    await insertSongs([
      { ...media, name: 'a.*( literal', artist: 'X' },
      { ...media, name: 'abc', artist: 'X' },
      { ...media, name: 'What? (Live)', artist: 'Y' },
    ]);
    const res = await search('a.*(');
    expect(res.status).toBe(200);
    expect(names(res.body.songs)).toEqual(['a.*( literal']);
    expect(names((await search('? (')).body.songs)).toEqual(['What? (Live)']);
    expect((await search('.*')).body.songs).toHaveLength(1);
  });

  it('matches a would-be catastrophic pattern as plain text (no ReDoS)', async () => {
    await insertSong({ ...media, name: 'a'.repeat(90) + '!', artist: 'X' });
    const res = await search('(a+)+$' + 'a'.repeat(50));
    expect(res.status).toBe(200);
    expect(res.body.songs).toEqual([]);
  });

  it("finds the user's own playlists only, prefix first, with songs", async () => {
    const song = await insertSong({ ...media, name: 'Track', artist: 'X' });
    await insertPlaylists([
      { name: 'Chill evenings', user: alice._id, songIds: [song._id] },
      { name: 'Sunday chill', user: alice._id },
      { name: 'Workout', user: alice._id },
      { name: 'Chill (Bob)', user: bob._id },
    ]);
    const res = await search('CHILL');
    expect(names(res.body.playlists)).toEqual(['Chill evenings', 'Sunday chill']);
    expect(res.body.playlists[0].songs.map((s: { _id: string }) => s._id)).toEqual([song._id]);
    expect(res.body.playlists[0].user).toBe(alice._id);
  });

  it('caps playlists at 20', async () => {
    await insertPlaylists(Array.from({ length: 25 }, (_, i) => ({ name: `Mix ${i}`, user: alice._id })));
    expect((await search('mix')).body.playlists).toHaveLength(20);
  });

  it('sees a song created a moment ago', async () => {
    expect((await search('fresh')).body.songs).toEqual([]);
    await insertSong({ ...media, name: 'Fresh', artist: 'New' });
    expect(names((await search('fresh')).body.songs)).toEqual(['Fresh']);
  });

  it.each([
    ['', 'Search query is required'],
    ['   ', 'Search query is required'],
    ['q'.repeat(101), '"Search" length must be less than or equal to 100 characters long'],
  ])('rejects %j with 400', async (q, message) => {
    const res = await search(q);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('rejects a missing or repeated parameter with 400', async () => {
    const missing = await request(app).get('/api/search').set('x-auth-token', alice.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Search query is required' });
    const repeated = await request(app).get('/api/search?search=a&search=b').set('x-auth-token', alice.token);
    expect(repeated.status).toBe(400);
  });

  it('requires a token', async () => {
    const res = await request(app).get('/api/search?search=a');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: API_MESSAGES.noToken });
  });
});
