import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PLAYLIST_MODEL } from '../playlists/playlist.model.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase, storedSongs } from '../test/db.js';
import { fuzzRoute, JSON_HEADERS, type FuzzRequest, type RouteUnderFuzz } from '../test/fuzz.js';
import { listenApp, type ListeningApp } from '../test/listen.js';

const SongModel = storedSongs();

useTestDatabase();
const { app, ctx } = createTestApp();
const playlistModel = () => ctx.data.model(PLAYLIST_MODEL);
let server: ListeningApp;
let owner: TestUser;
let stranger: TestUser;
let playlistId: string;
let songId: string;

const PLAYLIST = { name: 'Road trip', desc: 'Windows down', img: 'https://example.com/cover.jpg' };

beforeAll(async () => {
  server = await listenApp(app);
  [owner, stranger] = await Promise.all([createUser(), createUser()]);
  const song = await SongModel.create({ name: 'S', artist: 'A', img: 'https://example.com/s.jpg', song: '/media/audio/s.mp3' });
  songId = String(song._id);
  playlistId = String((await playlistModel().create({ ...PLAYLIST, user: owner._id, songs: [song._id] }))._id);
});
afterAll(() => server.close());

/** Owner-only routes: the stranger's valid token must get 403 (or 404), never the playlist. */
const ownerOnly = (route: Omit<RouteUnderFuzz, 'token' | 'wrongUserToken' | 'forgedFor'>): RouteUnderFuzz => ({
  ...route,
  token: owner.token,
  wrongUserToken: stranger.token,
  forgedFor: owner._id,
});

const songRefRoute = (path: string): RouteUnderFuzz =>
  ownerOnly({
    method: 'PUT',
    path: () => path,
    body: { playlistId, songId },
    fields: ['playlistId', 'songId'],
    extra: fc
      .constantFrom(
        { playlistId, songId: '0123456789abcdef01234567' },
        { playlistId: '0123456789abcdef01234567', songId },
        { playlistId: songId, songId: playlistId },
      )
      .map((body): FuzzRequest => ({
        method: 'PUT',
        path,
        headers: { ...JSON_HEADERS, 'x-auth-token': owner.token },
        body: JSON.stringify(body),
        fault: `unknown ids ${JSON.stringify(body)}`,
      })),
  });

/** Multipart bodies the edit route refuses: files, too many or too long fields, broken framing. */
const badMultipart = fc
  .constantFrom(
    { boundary: 'b', body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nNew', fault: 'unterminated multipart' },
    {
      boundary: 'b',
      body: '--b\r\nContent-Disposition: form-data; name="img"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n',
      fault: 'multipart file part',
    },
    {
      boundary: 'b',
      body: `--b\r\nContent-Disposition: form-data; name="desc"\r\n\r\n${'d'.repeat(5000)}\r\n--b--\r\n`,
      fault: 'multipart field too long',
    },
    { boundary: 'b', body: '--b--\r\n', fault: 'multipart without name' },
    { boundary: '', body: 'garbage', fault: 'multipart without boundary' },
  )
  .map(({ boundary, body, fault }): FuzzRequest => ({
    method: 'PUT',
    path: `/api/playlists/edit/${playlistId}`,
    headers: {
      'content-type': `multipart/form-data${boundary ? `; boundary=${boundary}` : ''}`,
      'x-auth-token': owner.token,
    },
    body,
    fault,
  }));

describe('fuzz: playlist routes (≥ 200 malformed requests each)', () => {
  it('POST /api/playlists', async () => {
    await fuzzRoute(server.url, {
      method: 'POST',
      path: () => '/api/playlists',
      token: owner.token,
      forgedFor: owner._id,
      body: { ...PLAYLIST, user: owner._id },
      fields: ['name', 'desc', 'img'],
      required: ['name'],
    });
  });

  it('GET /api/playlists/user-playlists', async () => {
    await fuzzRoute(server.url, { method: 'GET', path: () => '/api/playlists/user-playlists', token: owner.token, forgedFor: owner._id });
  });

  it('PUT /api/playlists/add-song', async () => {
    await fuzzRoute(server.url, songRefRoute('/api/playlists/add-song'));
  });

  it('PUT /api/playlists/remove-song', async () => {
    await fuzzRoute(server.url, songRefRoute('/api/playlists/remove-song'));
  });

  it('PUT /api/playlists/edit/:id (JSON and multipart)', async () => {
    await fuzzRoute(
      server.url,
      ownerOnly({
        method: 'PUT',
        path: ({ id }) => `/api/playlists/edit/${id}`,
        ids: { id: playlistId },
        body: { name: 'Renamed', desc: 'New', img: '' },
        fields: ['name', 'desc', 'img'],
        required: ['name'],
        extra: badMultipart,
      }),
    );
  });

  it('GET /api/playlists/:id', async () => {
    await fuzzRoute(server.url, ownerOnly({ method: 'GET', path: ({ id }) => `/api/playlists/${id}`, ids: { id: playlistId } }));
  });

  it('DELETE /api/playlists/:id', async () => {
    await fuzzRoute(server.url, ownerOnly({ method: 'DELETE', path: ({ id }) => `/api/playlists/${id}`, ids: { id: playlistId } }));
  });
});
