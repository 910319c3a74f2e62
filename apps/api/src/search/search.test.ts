import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { addSongs, createSong } from '../songs/songs.service.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { deleteUserById } from '../users/users.repo.js';
import { listenApp } from '../test/listen.js';

useTestDatabase();
const { app, ctx } = createTestApp();

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

describe('GET /api/search: what people type', () => {
  const catalogue = [
    { name: 'Endless Love', artist: 'Nina Rao', album: 'Evenings' },
    { name: 'Lover', artist: 'Taylor', album: 'Lover' },
    { name: 'Midnight', artist: 'LOVEJOY', album: 'Late' },
    { name: 'Glove Box', artist: 'Sam', album: 'Cars' },
    { name: 'Tum Hi Ho', artist: 'Aria Kapoor', album: 'Aashiqui' },
    { name: 'Kesariya', artist: 'Aria Kapoor', album: 'Brahmastra' },
    { name: 'Aria', artist: 'Kapoor Sisters', album: 'Duets' },
    { name: 'Halo', artist: 'Beyoncé', album: 'I Am… Sasha Fierce' },
    { name: 'Midnight City', artist: 'M83', album: 'Hurry Up' },
    { name: 'Rainfall', artist: 'Loveless', album: 'Weather' },
    { name: 'Unrelated', artist: 'Nobody', album: 'Love Songs' },
  ];
  beforeEach(async () => {
    await addSongs(ctx, catalogue.map((song) => ({ ...media, ...song })));
  });

  it('ranks whole words before prefixes before typos, and name before artist before album', async () => {
    const res = await search('love');
    expect(res.status).toBe(200);
    expect(names(res.body.songs)).toEqual([
      'Endless Love', // whole word, in the name
      'Unrelated', // whole word, in the album
      'Lover', // prefix, in the name
      'Midnight', // prefix, in the artist (LOVEJOY)
      'Rainfall', // prefix, in the artist (Loveless)
      'Glove Box', // one typo
    ]);
    expect(res.body.playlists).toEqual([]);
  });

  it('requires every word, in any order, across name, artist and album', async () => {
    expect(names((await search('aria kapoor')).body.songs).sort()).toEqual(['Aria', 'Kesariya', 'Tum Hi Ho']);
    expect(names((await search('kapoor aria')).body.songs).sort()).toEqual(['Aria', 'Kesariya', 'Tum Hi Ho']);
    expect(names((await search('kapoor brahmastra')).body.songs)).toEqual(['Kesariya']);
    // The name match ranks first.
    expect(names((await search('aria kapoor')).body.songs)[0]).toBe('Aria');
  });

  it('ignores case and accents', async () => {
    expect(names((await search('beyonce')).body.songs)).toEqual(['Halo']);
    expect(names((await search('BEYONCÉ')).body.songs)).toEqual(['Halo']);
  });

  it('tolerates one typo in words of 4+ letters and two in words of 8+', async () => {
    expect(names((await search('midnigt')).body.songs)).toEqual(['Midnight', 'Midnight City']);
    expect(names((await search('kesaryia')).body.songs)).toEqual(['Kesariya']);
    expect((await search('hal0 xyz')).body.songs).toEqual([]);
    // Three letters: no typo allowed.
    expect((await search('hlo')).body.songs).toEqual([]);
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(names((await search('midnight ci')).body.songs)).toEqual(['Midnight City']);
    expect(names((await search('kes')).body.songs)).toEqual(['Kesariya']);
  });
});

describe('GET /api/search', () => {
  it('returns at most 20 songs, whole-word matches filling the budget first', async () => {
    await addSongs(ctx, [
      ...Array.from({ length: 15 }, (_, i) => ({ ...media, name: `Rain ${String(i).padStart(2, '0')}`, artist: 'A' })),
      ...Array.from({ length: 15 }, (_, i) => ({ ...media, name: `Rainy ${String(i).padStart(2, '0')}`, artist: 'B' })),
    ]);
    const res = await search('rain');
    expect(res.body.songs).toHaveLength(20);
    expect(names(res.body.songs).slice(0, 15).every((n) => n.startsWith('Rain '))).toBe(true);
    expect(names(res.body.songs).slice(15).every((n) => n.startsWith('Rainy'))).toBe(true);
  });

  it('fills a page with whole-word matches before any typo match, and finds typed typos in a large result', async () => {
    await addSongs(ctx, [
      ...Array.from({ length: 25 }, (_, i) => ({ ...media, name: `Midnight ${String(i).padStart(2, '0')}`, artist: 'A' })),
      { ...media, name: 'Midnite', artist: 'B' },
    ]);
    const exact = names((await search('midnight')).body.songs);
    expect(exact).toHaveLength(20);
    expect(exact.every((n) => n.startsWith('Midnight '))).toBe(true);
    const typo = names((await search('midnigt 0')).body.songs);
    expect(typo).toEqual(Array.from({ length: 10 }, (_, i) => `Midnight 0${i}`));
  });

  it('treats regex characters as text, and finds punctuation-only queries as typed', async () => {
    await addSongs(ctx, [
      { ...media, name: 'a.*( literal', artist: 'X' },
      { ...media, name: 'abc', artist: 'X' },
      { ...media, name: 'What? (Live)', artist: 'Y' },
    ]);
    const res = await search('a.*(');
    expect(res.status).toBe(200);
    expect(names(res.body.songs)).toEqual(['a.*( literal', 'abc']);
    expect(names((await search('? (')).body.songs)).toEqual(['What? (Live)']);
    expect(names((await search('.*')).body.songs)).toEqual(['a.*( literal']);
  });

  it('answers a 100-character query and a would-be catastrophic pattern quickly', async () => {
    await createSong(ctx, { ...media, name: 'a'.repeat(90) + '!', artist: 'X' });
    const started = Date.now();
    const res = await search('(a+)+$' + 'a'.repeat(50));
    expect(res.status).toBe(200);
    expect(res.body.songs).toEqual([]);
    expect((await search('x'.repeat(100))).status).toBe(200);
    expect((await search('ab '.repeat(33) + 'a')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("finds the user's own playlists only, prefix first, with songs", async () => {
    const song = await createSong(ctx, { ...media, name: 'Track', artist: 'X' });
    await insertPlaylists(ctx.playlists, [
      { name: 'Chill evenings', user: alice._id, songIds: [song._id] },
      { name: 'Sunday chill', user: alice._id },
      { name: 'Workout', user: alice._id },
      { name: 'Chill (Bob)', user: bob._id },
    ]);
    const res = await search('CHILL');
    expect(names(res.body.playlists)).toEqual(['Chill evenings', 'Sunday chill']);
    expect(names((await search('chil')).body.playlists)).toEqual(['Chill evenings', 'Sunday chill']);
    expect(res.body.playlists[0].songs.map((s: { _id: string }) => s._id)).toEqual([song._id]);
    expect(res.body.playlists[0].user).toBe(alice._id);
  });

  it('caps playlists at 20', async () => {
    await insertPlaylists(ctx.playlists, Array.from({ length: 25 }, (_, i) => ({ name: `Mix ${i}`, user: alice._id })));
    expect((await search('mix')).body.playlists).toHaveLength(20);
  });

  it('sees a song created a moment ago', async () => {
    expect((await search('fresh')).body.songs).toEqual([]);
    await createSong(ctx, { ...media, name: 'Fresh', artist: 'New' });
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

  it('sends a kept answer gzipped with its ETag, a 304 to a client that has it, and refuses a deleted user', async () => {
    await addSongs(ctx, [{ ...media, name: 'Love Story', artist: 'Aria Kapoor' }]);
    const served = await listenApp(app);
    try {
      const gzipSearch = (headers: Record<string, string> = {}) =>
        request(served.url).get('/api/search?search=love').set({ 'accept-encoding': 'gzip', 'x-auth-token': alice.token, ...headers });
      const first = await gzipSearch();
      expect(first.status).toBe(200);
      expect(first.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Origin, Accept-Encoding', 'cache-control': 'private, no-cache' });
      expect(first.headers['content-security-policy']).toBeTruthy();
      expect(names(first.body.songs)).toEqual(['Love Story']);
      const again = await gzipSearch();
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await gzipSearch({ 'if-none-match': String(first.headers.etag) })).status).toBe(304);
      expect((await gzipSearch({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
      await deleteUserById(ctx.data, alice._id);
      const refused = await gzipSearch();
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: API_MESSAGES.invalidToken });
    } finally {
      await served.close();
    }
  });
});
