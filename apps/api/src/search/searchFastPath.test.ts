import { PassThrough } from 'node:stream';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { createAppListener } from '../app.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestContext, createUser, type TestUser } from '../test/context.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { deleteUserById } from '../users/users.repo.js';
import { signToken } from '../auth/jwt.js';
import { createLogger } from '../logger.js';

useTestDatabase();
const ctx = createTestContext({ CORS_ORIGINS: 'http://localhost:3000,https://allowed.test' });
const fast = createAppListener(ctx).listener;
const full = createAppListener(ctx, { searchFastPath: false }).listener;

const media = { img: 'https://img.test/c.png', song: 'https://audio.test/s.mp3' };
let alice: TestUser;

beforeEach(async () => {
  await clearDatabase();
  alice = await createUser();
  await addSongs(ctx, ['Love Story', 'Midnight Rain', 'Blue Moon'].map((name) => ({ ...media, name, artist: 'Aria Kapoor' })));
});

type Req = (app: typeof fast) => request.Test;
const gzipSearch =
  (q: string, headers: Record<string, string> = {}): Req =>
  (app) =>
    request(app)
      .get(`/api/search?search=${encodeURIComponent(q)}`)
      .set({ 'accept-encoding': 'gzip', 'x-auth-token': alice.token, ...headers })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

/** Status, every header but Date, and the body's bytes, as a client sees them. */
async function answerOf(app: typeof fast, req: Req) {
  const res = await req(app);
  const { date: _date, ...headers } = res.headers;
  return { status: res.status, headers, body: res.body as Buffer };
}

/** The fast path and the full chain give the same answer to the same request. */
async function expectSameAnswer(req: Req) {
  const [a, b] = [await answerOf(fast, req), await answerOf(full, req)];
  expect(a).toEqual(b);
  return a;
}

describe('search fast path', () => {
  it("answers a plain search with the full chain's status, headers and body", async () => {
    const answer = await expectSameAnswer(gzipSearch('love'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-security-policy']).toBeTruthy();
    expect(answer.headers.vary).toBe('Origin, Accept-Encoding');
    expect(answer.headers.etag).toBeTruthy();
    await expectSameAnswer(gzipSearch('no-such-song'));
  });

  it('leaves refusals to the full chain, with the same messages', async () => {
    for (const token of ['', 'not-a-token', signToken({ _id: alice._id, name: 'A', isAdmin: false }, 'another-secret-that-is-long-enough-0123456789', '1h')]) {
      const answer = await expectSameAnswer(gzipSearch('love', { 'x-auth-token': token }));
      expect(answer.status).toBe(401);
    }
    const bad = await expectSameAnswer(gzipSearch('q'.repeat(101)));
    expect(bad.status).toBe(400);
    const blank = await request(fast).get('/api/search?search=%20').set('x-auth-token', alice.token);
    expect(blank.body).toEqual({ message: 'Search query is required' });
    const repeated = await request(fast).get('/api/search?search=a&search=b').set('x-auth-token', alice.token);
    expect(repeated.status).toBe(400);
  });

  it("refuses a deleted user's token", async () => {
    expect((await gzipSearch('love')(fast)).status).toBe(200);
    await deleteUserById(ctx.data, alice._id);
    const res = await request(fast).get('/api/search?search=love').set('x-auth-token', alice.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: API_MESSAGES.invalidToken });
  });

  it('gives the same answer with an Origin, a conditional header, a body, without gzip, or a matching playlist', async () => {
    const first = await answerOf(fast, gzipSearch('love'));
    const notModified = await expectSameAnswer(gzipSearch('love', { 'if-none-match': String(first.headers.etag) }));
    expect(notModified.status).toBe(304);
    const allowed = await expectSameAnswer(gzipSearch('love', { origin: 'https://allowed.test' }));
    expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.test');
    await expectSameAnswer(gzipSearch('love', { origin: 'https://elsewhere.test' }));
    await expectSameAnswer(gzipSearch('love', { 'accept-encoding': 'identity' }));
    await expectSameAnswer(gzipSearch('love', { 'accept-encoding': 'gzip;q=0' }));
    await expectSameAnswer((app) => gzipSearch('love')(app).set('content-type', 'application/json').send('{"a":1}'));
    await insertPlaylists(ctx.playlists, [{ name: 'Love mix', user: alice._id }]);
    const withPlaylist = await expectSameAnswer(gzipSearch('love'));
    expect(withPlaylist.status).toBe(200);
  });

  it('writes the same access-log line', async () => {
    const lineOf = async (searchFastPath: boolean) => {
      const out = new PassThrough();
      const lines: string[] = [];
      out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
      const app = createAppListener({ ...ctx, logger: createLogger('info', out) }, { searchFastPath }).listener;
      await gzipSearch('love')(app);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { time: _time, pid: _pid, responseTime, req, ...rest } = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
      expect(typeof responseTime).toBe('number');
      return { ...rest, req: { ...(req as object), id: 0 } };
    };
    const line = await lineOf(true);
    expect(line).toEqual(await lineOf(false));
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 }, req: { method: 'GET', url: '/api/search?search=love' } });
  });
});
