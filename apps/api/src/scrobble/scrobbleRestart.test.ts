import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startListenBrainzFake, type ListenBrainzFake } from '@samaa/test-fakes';
import { ensureApiBuild, spawnApiServer, type SpawnedServer } from '../test/spawnServer.js';

/*
 * `npm start`'s server, stopped with listens still queued (ListenBrainz down), then started again
 * on the same DATA_DIR: the sender it starts delivers every queued listen, once.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scrobble-'));
const ADMIN = { email: 'scrobble.admin@example.com', password: 'Scrobble!Test9' };
const TOKEN = 'restart-test-listenbrainz-token';
let lb: ListenBrainzFake;
let api: SpawnedServer | undefined;

const start = () =>
  spawnApiServer(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: work,
      JWT_SECRET: 'scrobble-restart-secret-0123456789abcdef0123',
      SEED_DEMO: 'false',
      RATE_LIMITS: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LISTENBRAINZ_API_URL: lb.url,
      ...(process.env.SAMAA_CACHE_DIR ? { SAMAA_CACHE_DIR: process.env.SAMAA_CACHE_DIR } : {}),
    },
    { logFile: path.join(work, 'api.log') },
  );

async function call(url: string, method: string, p: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

// Compiling the API first may take a few minutes on a busy machine.
beforeAll(async () => {
  ensureApiBuild();
  lb = await startListenBrainzFake();
  lb.addUser(TOKEN, 'restart-listener');
}, 300_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  await lb.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a restart of the server', () => {
  it('loses no queued listen and sends each once', { timeout: 180_000 }, async () => {
    api = await start();
    const login = await call(api.url, 'POST', '/api/login', undefined, ADMIN);
    const token = (login.body as { authToken: string }).authToken;
    const song = { name: 'Restart Song', artist: 'The Queue', img: 'https://example.com/c.jpg', song: 'https://example.com/a.mp3', duration: 200 };
    const songId = ((await call(api.url, 'POST', '/api/songs', token, song)).body as { data: { _id: string } }).data._id;
    expect((await call(api.url, 'PUT', '/api/account/listenbrainz', token, { token: TOKEN })).status).toBe(200);

    lb.down();
    for (let i = 0; i < 3; i += 1) {
      expect((await call(api.url, 'POST', '/api/plays', token, { songId, submission: false })).status).toBe(204);
      expect((await call(api.url, 'POST', '/api/plays', token, { songId, submission: true })).status).toBe(204);
      // Listens a second apart: each its own listened_at.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    await vi.waitFor(() => expect(lb.arrivals.length).toBeGreaterThanOrEqual(3), { timeout: 15_000 });
    expect(lb.listens).toEqual([]);
    const status = await call(api.url, 'GET', '/api/account/scrobbling', token);
    expect((status.body as { data: { listenbrainz: { pending: number } } }).data.listenbrainz.pending).toBe(3);
    expect(await api.stop('SIGTERM')).toBe(0);

    lb.recover();
    api = await start();
    await vi.waitFor(() => expect(lb.listens).toHaveLength(3), { timeout: 30_000 });
    expect(lb.listens.every((l) => l.track_metadata.track_name === 'Restart Song')).toBe(true);
    expect(new Set(lb.listens.map((l) => l.listened_at)).size).toBe(3);
    expect(lb.submissions.flatMap((s) => s.payload)).toHaveLength(3);
    await vi.waitFor(async () => {
      const now = await call(api!.url, 'GET', '/api/account/scrobbling', token);
      expect((now.body as { data: { listenbrainz: { pending: number } } }).data.listenbrainz.pending).toBe(0);
    });
    expect(fs.readFileSync(path.join(work, 'api.log'), 'utf8')).not.toContain(TOKEN);
  });
});
