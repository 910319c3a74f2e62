import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase, storedSongs } from '../test/db.js';
import { fuzzRoute, type FuzzRequest } from '../test/fuzz.js';
import { listenApp, type ListeningApp } from '../test/listen.js';

const SongModel = storedSongs();

useTestDatabase();
const { app } = createTestApp();
let server: ListeningApp;
let listener: TestUser;
let other: TestUser;
let admin: TestUser;
let songId: string;

const SONG = { name: 'Fuzz Song', artist: 'Fuzz Artist', img: 'https://example.com/a.jpg', song: '/media/audio/a.mp3' };

beforeAll(async () => {
  server = await listenApp(app);
  [listener, other, admin] = await Promise.all([createUser(), createUser(), createUser({ admin: true })]);
  songId = String((await SongModel.create(SONG))._id);
});
afterAll(() => server.close());

/** Query strings the list and search routes refuse. */
const notAWholeNumber = fc
  .oneof(
    fc.constantFrom('abc', '-1', '0', '1e3', '1.5', '', ' 1', '0x10', '9999999999', '\u0000', 'Infinity', 'null'),
    fc.string({ maxLength: 20 }).filter((s) => !/^\d{1,9}$/.test(s)),
  )
  .map(encodeURIComponent);
const badPaging = fc.oneof(
  fc.tuple(fc.constant('limit'), fc.oneof(notAWholeNumber, fc.integer({ min: 501, max: 999_999_999 }).map(String))),
  fc.tuple(fc.constant('page'), fc.oneof(notAWholeNumber, fc.integer({ min: 1_000_001, max: 999_999_999 }).map(String))),
);
const badSearch = fc.oneof(
  fc.constantFrom('search=', 'search=%20%20%20', 'search=a&search=b', 'q=love', ''),
  fc.string({ minLength: 101, maxLength: 3000 }).filter((s) => s.trim().length > 100).map((s) => `search=${encodeURIComponent(s)}`),
);

describe('fuzz: catalogue routes (≥ 200 malformed requests each)', () => {
  it('GET /api/songs?limit&page', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/api/songs',
      extra: fc
        .tuple(badPaging, fc.boolean())
        .map(([[key, value], both]): FuzzRequest => ({
          method: 'GET',
          path: `/api/songs?${key}=${value}${both ? `&${key}=${value}` : ''}`,
          fault: `bad ${key}`,
        })),
    });
  });

  it('POST /api/songs (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'POST',
      path: () => '/api/songs',
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
      body: SONG,
      fields: ['name', 'artist', 'img', 'song'],
    });
  });

  it('PUT /api/songs/:id (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'PUT',
      path: ({ id }) => `/api/songs/${id}`,
      ids: { id: songId },
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
      body: { ...SONG, name: 'Renamed' },
      fields: ['name', 'artist', 'img', 'song'],
    });
  });

  it('DELETE /api/songs/:id (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'DELETE',
      path: ({ id }) => `/api/songs/${id}`,
      ids: { id: songId },
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
      extra: fc.constant({ method: 'DELETE', path: '/api/songs/0123456789abcdef01234567', headers: { 'x-auth-token': admin.token }, fault: 'no such song' }),
    });
  });

  it('PUT /api/songs/like/:songId', async () => {
    await fuzzRoute(server.url, {
      method: 'PUT',
      path: ({ id }) => `/api/songs/like/${id}`,
      ids: { id: songId },
      token: listener.token,
      forgedFor: listener._id,
      extra: fc.constant({ method: 'PUT', path: '/api/songs/like/0123456789abcdef01234567', headers: { 'x-auth-token': listener.token }, fault: 'no such song' }),
    });
  });

  it('GET /api/songs/like/:userId and /like/ids', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: ({ id }) => `/api/songs/like/${id}`,
      ids: { id: listener._id },
      token: listener.token,
      forgedFor: listener._id,
      extra: fc.constant({ method: 'GET', path: `/api/songs/like/${listener._id}`, headers: { 'x-auth-token': other.token }, fault: "another user's likes" }),
    });
    await fuzzRoute(server.url, { method: 'GET', path: () => '/api/songs/like/ids', token: listener.token, forgedFor: listener._id });
  });

  it('GET /api/search?search', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/api/search?search=fuzz',
      token: listener.token,
      forgedFor: listener._id,
      extra: badSearch.map((query): FuzzRequest => ({
        method: 'GET',
        path: `/api/search?${query}`,
        headers: { 'x-auth-token': listener.token },
        fault: `bad query ${query.slice(0, 30)}`,
      })),
    });
  });

  it('GET /api/admin/analytics (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/api/admin/analytics',
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
    });
  });
});
