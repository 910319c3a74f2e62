import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, type CatalogueSearchAnswer } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { addSongs } from '../songs/songs.service.js';

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();
let alice: TestUser;

const song = (name: string, artist: string, album: string, img = '') => ({ name, artist, album, img: img || 'https://img.test/c.png', song: 'https://audio.test/s.mp3' });

beforeAll(async () => {
  alice = await createUser();
  await addSongs(ctx.catalogue, [
    song('Monsoon Letters', 'Aarav Mehta', 'Rain Diaries', 'https://img.test/rain.png'),
    song('Paper Boats', 'Aarav Mehta', 'Rain Diaries'),
    song('Harbour Lights', 'The Lantern Club', 'Neon Harbour'),
    song('Monsoon Bride', 'Mira Sen', 'Wedding Songs'),
  ]);
});

const find = (q: string) => request(app).get('/api/search/catalogue').query({ search: q }).set('x-auth-token', alice.token);

describe('GET /api/search/catalogue: albums and artists as the listener types', () => {
  it('finds albums by name or artist and artists by name, with the Subsonic ids the album and artist pages use', async () => {
    const res = await find('aarav');
    expect(res.status).toBe(200);
    const body = res.body as CatalogueSearchAnswer;
    expect(body.artists).toEqual([{ id: expect.stringMatching(/^ar-/), name: 'Aarav Mehta', albumCount: 1, img: 'https://img.test/rain.png' }]);
    expect(body.albums).toEqual([
      { id: expect.stringMatching(/^al-/), name: 'Rain Diaries', artist: 'Aarav Mehta', songCount: 2, img: 'https://img.test/rain.png' },
    ]);
    // The last word is a prefix while typing; an album by its own name.
    expect(((await find('neon harb')).body as CatalogueSearchAnswer).albums.map((a) => a.name)).toEqual(['Neon Harbour']);
    expect((await find('zzqx')).body).toEqual({ albums: [], artists: [] });
  });

  it('reads nothing from the engine once the catalogue is warm, whatever the query', async () => {
    await find('warm');
    for (const q of ['mon', 'monsoon', 'lantern club']) {
      const { calls } = await engineCallsDuring(() => find(q).expect(200));
      const reads = Object.entries(calls).filter(([name]) => !/^(catalogue_versions|shared_stamps)/.test(name));
      expect(reads).toEqual([]);
    }
  });

  it('wants a token and a query', async () => {
    expect((await request(app).get('/api/search/catalogue?search=a')).body).toEqual({ message: API_MESSAGES.noToken });
    expect((await request(app).get('/api/search/catalogue').set('x-auth-token', alice.token)).status).toBe(400);
    expect((await find('q'.repeat(101))).status).toBe(400);
  });
});
