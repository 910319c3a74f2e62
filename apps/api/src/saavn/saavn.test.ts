import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSaavnFake, type SaavnFake } from '@samaa/test-fakes';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { errorHandler } from '../http/errors.js';
import { saavnRouter } from './saavn.routes.js';
import { SAAVN_MESSAGES } from './saavn.client.js';

useTestDatabase();

let fake: SaavnFake;
let user: TestUser;

beforeAll(async () => {
  fake = await startSaavnFake();
  user = await createUser();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A fresh app (and so a fresh cache) per test. */
const newApp = () => createTestApp({ SAAVN_API_URL: fake.url }).app;
const get = (app: express.Express, path: string) => request(app).get(path).set('x-auth-token', user.token);

describe('JioSaavn proxy: routes and fields', () => {
  it('needs a listener token', async () => {
    const res = await request(newApp()).get('/api/saavn/search/playlists?query=Pop');
    expect(res.status).toBe(401);
    expect(fake.calls).toBe(0);
  });

  it('searches playlists and passes through only id, name, image and songCount', async () => {
    const res = await get(newApp(), '/api/saavn/search/playlists?query=Pop');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const results = res.body.data.results;
    expect(results.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Pop Hits', 'Pop Rising']));
    for (const p of results) expect(Object.keys(p).sort()).toEqual(['id', 'image', 'name', 'songCount']);
    expect(results[0].image).toHaveLength(3);
    expect(results[0].image[2].url).toMatch(/500x500/);
    expect(fake.requests[0]).toBe('/api/search/playlists?query=Pop');
  });

  it('finds the feed and trending playlists (Pop, Chill, 2000s, trending playlists)', async () => {
    const app = newApp();
    for (const query of ['Chill', '2000s', '1970s', 'trending playlists']) {
      const res = await get(app, `/api/saavn/search/playlists?query=${encodeURIComponent(query)}`);
      expect(res.status, query).toBe(200);
      expect(res.body.data.results.length, query).toBeGreaterThan(0);
    }
  });

  it('reads a playlist with its songs: 3 images, 5 download entries, primary artists', async () => {
    const id = fake.playlistIdByName('Pop Hits');
    const res = await get(newApp(), `/api/saavn/playlists?id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { data } = res.body;
    expect(Object.keys(data).sort()).toEqual(['id', 'image', 'name', 'songCount', 'songs']);
    expect(data).toMatchObject({ id, name: 'Pop Hits', songCount: 4 });
    const song = data.songs[0];
    expect(Object.keys(song).sort()).toEqual(['artists', 'downloadUrl', 'id', 'image', 'name']);
    expect(song.artists).toEqual({ primary: [{ name: 'Glass Animals' }] });
    expect(song.downloadUrl).toHaveLength(5);
    expect(song.downloadUrl[4]).toMatchObject({ quality: '320kbps' });
    // The fifth entry is real audio the fake serves.
    const audio = await fetch(song.downloadUrl[4].url);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // We ask for more songs than JioSaavn's default page of 10.
    expect(fake.requests[0]).toContain('limit=50');
  });

  it('answers 404 for a playlist JioSaavn does not have', async () => {
    const res = await get(newApp(), '/api/saavn/playlists?id=999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: SAAVN_MESSAGES.notFound });
  });

  it('searches songs', async () => {
    const res = await get(newApp(), '/api/saavn/search/songs?query=Arijit');
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((s: { name: string }) => s.name).sort()).toEqual(['Kesariya', 'Tum Hi Ho']);
  });

  it('resolves a Spotify track to the best JioSaavn song (third image, fifth download)', async () => {
    const res = await get(newApp(), '/api/saavn/resolve?title=Heat%20Waves&artist=Glass%20Animals');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Heat Waves',
      artist: 'Glass Animals',
      img: expect.stringMatching(/sHeat01-500x500/),
      src: expect.stringMatching(/sHeat01_320kbps\.mp3$/),
    });
  });

  it('resolves to null when nothing matches', async () => {
    const res = await get(newApp(), '/api/saavn/resolve?title=Song%20Nobody%20Has&artist=Nobody');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });

  it.each([
    ['/api/saavn/search/playlists', 'query is required'],
    ['/api/saavn/search/playlists?query=', 'query is required'],
    ['/api/saavn/search/playlists?query=%20%20', 'query is required'],
    [`/api/saavn/search/songs?query=${'x'.repeat(101)}`, 'query must be at most 100 characters'],
    ['/api/saavn/playlists', 'id is required'],
    ['/api/saavn/playlists?id=a%20b', 'id is not a JioSaavn playlist id'],
    ['/api/saavn/resolve?artist=x', 'title is required'],
    ['/api/saavn/search/playlists?query=Pop&limit=500', '"limit" must be less than or equal to 50'],
  ])('rejects bad input %s with 400', async (path, message) => {
    const res = await get(newApp(), path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(fake.calls).toBe(0);
  });
});

describe('JioSaavn proxy: cache, timeouts, retries and failures', () => {
  it('serves a repeated call from the cache without a second upstream call', async () => {
    const app = newApp();
    const first = await get(app, '/api/saavn/search/playlists?query=Pop');
    const second = await get(app, '/api/saavn/search/playlists?query=Pop');
    expect(second.body).toEqual(first.body);
    expect(fake.calls).toBe(1);
    // Another query is another key.
    await get(app, '/api/saavn/search/playlists?query=Chill');
    expect(fake.calls).toBe(2);
  });

  it('coalesces concurrent identical calls into one upstream call', async () => {
    const app = newApp();
    fake.setFault({ delayMs: 150 });
    const answers = await Promise.all([1, 2, 3].map(() => get(app, '/api/saavn/search/songs?query=Toxic')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fake.calls).toBe(1);
  });

  it('does not cache failures', async () => {
    const app = newApp();
    fake.setFault({ malformedJson: true });
    expect((await get(app, '/api/saavn/search/playlists?query=Pop')).status).toBe(502);
    fake.setFault({ malformedJson: false });
    expect((await get(app, '/api/saavn/search/playlists?query=Pop')).status).toBe(200);
    expect(fake.calls).toBe(2);
  });

  it('gives up after the timeout with 502 and does not hang', async () => {
    const app = express()
      .use('/api/saavn', saavnRouter(createTestApp({ SAAVN_API_URL: fake.url }).ctx, { timeoutMs: 300 }))
      .use(errorHandler(createTestApp().ctx.logger));
    fake.setFault({ delayMs: 2000 });
    const started = Date.now();
    const res = await get(app, '/api/saavn/search/playlists?query=Pop');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: SAAVN_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.calls).toBe(1);
  });

  it('uses a 5 second timeout by default', async () => {
    fake.setFault({ delayMs: 6000 });
    const started = Date.now();
    const res = await get(newApp(), '/api/saavn/search/playlists?query=Pop');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(502);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(5900);
  }, 15_000);

  it('retries a 500 with back-off and succeeds', async () => {
    fake.setFault({ status: 500, statusTimes: 2 });
    const res = await get(newApp(), '/api/saavn/search/playlists?query=Pop');
    expect(res.status).toBe(200);
    expect(res.body.data.results.length).toBeGreaterThan(0);
    expect(fake.calls).toBe(3);
  });

  it('maps a lasting 500 to 502 after the retries', async () => {
    fake.setFault({ status: 500 });
    const res = await get(newApp(), '/api/saavn/playlists?id=1134543272');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: SAAVN_MESSAGES.unavailable });
    expect(fake.calls).toBe(3);
  });

  it('honours Retry-After on a 429 and then succeeds', async () => {
    fake.setFault({ status: 429, statusTimes: 1, retryAfter: '1' });
    const started = Date.now();
    const res = await get(newApp(), '/api/saavn/search/songs?query=Toxic');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.calls).toBe(2);
  });

  it('does not wait out a Retry-After longer than its cap: 502 with Retry-After at once', async () => {
    fake.setFault({ status: 429, retryAfter: '120' });
    const started = Date.now();
    const res = await get(newApp(), '/api/saavn/search/songs?query=Toxic');
    expect(res.status).toBe(502);
    expect(res.headers['retry-after']).toBe('120');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.calls).toBe(1);
  });

  it('maps malformed upstream JSON to 502 and keeps serving', async () => {
    const app = newApp();
    fake.setFault({ malformedJson: true });
    const bad = await get(app, '/api/saavn/playlists?id=1134543272');
    expect(bad.status).toBe(502);
    expect(bad.body).toEqual({ message: SAAVN_MESSAGES.badAnswer });
    fake.setFault({ malformedJson: false });
    const good = await get(app, '/api/saavn/playlists?id=1134543272');
    expect(good.status).toBe(200);
  });

  it('maps an unreachable JioSaavn to 502', async () => {
    const { app } = createTestApp({ SAAVN_API_URL: 'http://127.0.0.1:9' });
    const res = await get(app, '/api/saavn/search/playlists?query=Pop');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: SAAVN_MESSAGES.unavailable });
  });
});
