import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_SORTS, type AlbumCard, type ArtistCard } from '@samaa/shared';
import { isSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { generateSongs, withAlbums } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';

/*
 * Browsing at scale: every /api/browse read makes the same engine calls and reads the same
 * records at 1,000 and at 20,000 songs (100 and 2,000 albums), and none reads a song: pages come
 * from the catalogue's views in memory.
 */

useTestDatabase();
countEngineCalls();
const { app, ctx } = createTestApp();

type Counts = Awaited<ReturnType<typeof engineCallsDuring>>;
/** Version and stamp reads run on a clock, not per request (see catalogueScale.test.ts); so do shared play counts. */
const timed = (key: string) => /^(catalogue_versions|shared_stamps)(\.|$)/.test(key) || (!isSoleWriter() && /^plays(\.|$)/.test(key));
const untimed = ({ calls, records }: Counts): Counts => ({
  calls: Object.fromEntries(Object.entries(calls).filter(([key]) => !timed(key))),
  records: Object.fromEntries(Object.entries(records).filter(([key]) => !timed(key))),
});

let listener: TestUser;
const get = async <T>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
  const res = await request(app).get(`/api/browse${path}`).query(query).set('x-auth-token', listener.token);
  expect(res.status, `${path} ${res.text.slice(0, 200)}`).toBe(200);
  return res.body as T;
};

async function countsAt(size: number): Promise<Record<string, Counts>> {
  await clearDatabase();
  const songs = withAlbums(generateSongs(size, 11), 11, 10);
  for (let i = 0; i < songs.length; i += 5000) await addSongs(ctx, songs.slice(i, i + 5000));
  listener = await createUser();
  // Warm, as after a start: the library, the genre index and the kept orders.
  const albums = (await get<{ data: AlbumCard[] }>('/albums', { sort: 'name', limit: 5, page: 2 })).data;
  for (const sort of ALBUM_SORTS) await get('/albums', { sort });
  await get('/albums', { sort: 'year', fromYear: 1990, toYear: 2000 });
  const artists = (await get<{ data: ArtistCard[] }>('/artists', { limit: 5 })).data;
  const song = (await ctx.catalogue.snapshot()).songs[7]!;
  const counts: Record<string, Counts> = {};
  const measure = async (name: string, path: string, query: Record<string, string | number> = {}) => {
    counts[name] = untimed(await engineCallsDuring(() => get(path, query)));
  };
  for (const sort of ALBUM_SORTS) {
    await measure(`albums by ${sort}`, '/albums', { sort, limit: 40, page: 2 });
    await measure(`albums by ${sort}, Rock, 1980–1999`, '/albums', { sort, genre: 'Rock', fromYear: 1980, toYear: 1999, limit: 40 });
    await measure(`albums by ${sort}, 1990–2000`, '/albums', { sort, fromYear: 1990, toYear: 2000, limit: 40 });
  }
  await measure('album', `/albums/${albums[0]!.id}`);
  await measure('artist index', '/artists', { limit: 100 });
  await measure('artist index, page 3', '/artists', { limit: 20, page: 3 });
  await measure('artist', `/artists/${artists[0]!.id}`);
  await measure('genres', '/genres');
  await measure('genre albums', '/genres/Jazz/albums', { limit: 40 });
  await measure('genre songs', '/genres/Jazz/songs', { limit: 40 });
  await measure('song place', `/songs/${song._id}/place`);
  return counts;
}

describe('browsing against catalogue size', () => {
  let small: Record<string, Counts>;
  let large: Record<string, Counts>;
  beforeAll(async () => {
    small = await countsAt(1000);
    large = await countsAt(20_000);
  }, 300_000);

  it('makes the same engine calls and reads the same records at 1,000 and at 20,000 songs', () => {
    expect(Object.keys(large).length).toBe(ALBUM_SORTS.length * 3 + 8);
    expect(large).toEqual(small);
  });

  it('reads no song and no like: every page comes from the catalogue views', () => {
    for (const [name, { calls, records }] of Object.entries(large)) {
      expect(records.songs ?? 0, name).toBe(0);
      expect(Object.keys(calls).filter((call) => call.startsWith('songs.') || call.startsWith('likes.')), name).toEqual([]);
    }
  });
});
