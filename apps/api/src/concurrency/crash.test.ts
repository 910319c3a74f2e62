import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOnce } from '../test/loadClient.js';
import { ensureApiBuild, spawnApiServer, type SpawnedServer } from '../test/spawnServer.js';

/*
 * SIGKILL of `npm start`'s server under a write load, then a restart on the same DATA_DIR: every
 * write that was answered 2xx is there, and listed. With MONGODB_URI set, the same on that server.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-crash-'));
const ADMIN = { email: 'crash.admin@example.com', password: 'Crash!Test9' };
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: work,
  JWT_SECRET: 'crash-test-secret-0123456789abcdef0123456789',
  SEED_DEMO: 'false',
  RATE_LIMITS: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...(process.env.SAMAA_CACHE_DIR ? { SAMAA_CACHE_DIR: process.env.SAMAA_CACHE_DIR } : {}),
  ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI, MONGODB_DB_NAME: `crash_${Date.now()}` } : {}),
};
let api: SpawnedServer | undefined;

const start = () => spawnApiServer(env, { logFile: path.join(work, 'api.log') });

async function json<T>(url: string, method: string, p: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function login(url: string): Promise<string> {
  const res = await json<{ authToken: string }>(url, 'POST', '/api/login', undefined, ADMIN);
  expect(res.status).toBe(200);
  return res.body.authToken;
}

// Compiling the API first may take a few minutes on a busy machine.
beforeAll(() => ensureApiBuild(), 300_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

describe('SIGKILL under a write load', () => {
  it('keeps and lists every write that was acknowledged', async () => {
    api = await start();
    if (!process.env.MONGODB_URI) {
      // A second `npm start` on the same embedded database stops at once, naming the holder.
      const second = await start().then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(second).toMatch(/the server exited during start-up/);
      expect(fs.readFileSync(path.join(work, 'api.log'), 'utf8')).toContain(`is in use by "npm start" (pid ${api.pid}`);
    }
    let token = await login(api.url);
    const songIds: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const song = { name: `Crash ${i}`, artist: 'Test', img: 'https://example.com/c.jpg', song: '/media/audio/c.mp3' };
      songIds.push((await json<{ data: { _id: string } }>(api.url, 'POST', '/api/songs', token, song)).body.data._id);
    }
    const shared = (await json<{ data: { _id: string } }>(api.url, 'POST', '/api/playlists', token, { name: 'Shared' })).body.data._id;

    const ackedPlaylists: string[] = [];
    const ackedSongs: string[] = [];
    let running = true;
    const url = api.url;
    const headers = { 'x-auth-token': token };
    const writers = Array.from({ length: 12 }, async (_, w) => {
      for (let n = 0; running; n += 1) {
        const created = await requestOnce(url, { method: 'POST', path: '/api/playlists', headers, body: { name: `w${w}-${n}` } });
        if (created.kind !== 'answer') break;
        if (created.status === 201) ackedPlaylists.push((JSON.parse(created.body) as { data: { _id: string } }).data._id);
        const songId = songIds[(w * 7 + n) % songIds.length]!;
        const added = await requestOnce(url, { method: 'PUT', path: '/api/playlists/add-song', headers, body: { playlistId: shared, songId } });
        if (added.kind !== 'answer') break;
        if (added.status === 200) ackedSongs.push(songId);
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    await api.stop('SIGKILL');
    running = false;
    await Promise.all(writers);
    expect(ackedPlaylists.length).toBeGreaterThan(20);

    api = await start();
    token = await login(api.url);
    const listed = await json<{ data: { _id: string }[] }>(api.url, 'GET', '/api/playlists/user-playlists', token);
    const listedIds = new Set(listed.body.data.map((p) => p._id));
    expect(ackedPlaylists.filter((id) => !listedIds.has(id))).toEqual([]);
    const playlist = await json<{ data: { songs: { _id: string }[] } }>(api.url, 'GET', `/api/playlists/${shared}`, token);
    const inPlaylist = new Set(playlist.body.data.songs.map((s) => s._id));
    expect([...new Set(ackedSongs)].filter((id) => !inPlaylist.has(id))).toEqual([]);
    console.log(
      `[crash] ${ackedPlaylists.length} playlist creates and ${ackedSongs.length} add-songs acknowledged before SIGKILL; all present and listed after the restart`,
    );
  });
});
