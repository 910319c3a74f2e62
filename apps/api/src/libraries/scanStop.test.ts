import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@samaa/shared';
import { ensureApiBuild, spawnApiServer, type SpawnedServer } from '../test/spawnServer.js';
import { SCAN_BATCH } from './scanner.js';
import { taggedMp3, writeFile } from '../test/musicFiles.js';

/*
 * SIGTERM to `npm start`'s server in the middle of a music folder's first scan: it exits within
 * 5 s, logs one line about it and no error, and what it wrote is whole batches of songs. The same
 * just after a scan, while the catalogue takes its last batch.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scan-stop-'));
const music = path.join(work, 'music');
const FILES = 3000;
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATA_DIR: path.join(work, 'data'),
  JWT_SECRET: 'scan-stop-test-secret-0123456789abcdef0123456789',
  SEED_DEMO: 'false',
  RATE_LIMITS: 'false',
  ...(process.env.SAMAA_CACHE_DIR ? { SAMAA_CACHE_DIR: process.env.SAMAA_CACHE_DIR } : {}),
  ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI, MONGODB_DB_NAME: `scanstop_${Date.now()}` } : {}),
};
let api: SpawnedServer | undefined;

async function songs(url: string): Promise<Song[]> {
  const res = await fetch(`${url}/api/songs`);
  return ((await res.json()) as { data: Song[] }).data;
}

/** SIGTERM: the server exits 0 within 5 s, logging one line about it and no warning or error. */
async function stopsCleanly(server: SpawnedServer, logFile: string): Promise<void> {
  const before = fs.readFileSync(logFile, 'utf8').length;
  const sent = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const tookMs = Date.now() - sent;
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(5000);
  const output = fs.readFileSync(logFile, 'utf8');
  // A scan past its last batch when the signal came ends and says so; nothing else is logged.
  const after = output
    .slice(before)
    .split('\n')
    .filter(Boolean)
    .filter((line) => !/^scanned /.test((JSON.parse(line) as { msg: string }).msg));
  expect(after).toHaveLength(1);
  expect(JSON.parse(after[0]!)).toMatchObject({ level: 30, msg: 'SIGTERM received, shutting down' });
  const problems = output
    .split('\n')
    .filter(Boolean)
    .filter((line) => !line.startsWith('{') || (JSON.parse(line) as { level: number }).level >= 40);
  expect(problems).toEqual([]);
}

beforeAll(() => {
  fs.mkdirSync(env.DATA_DIR!, { recursive: true });
  fs.mkdirSync(path.join(work, 'data-small'), { recursive: true });
  for (let i = 0; i < FILES; i += 1) {
    const artist = `Artist ${Math.floor(i / 200)}`;
    const album = `Album ${Math.floor(i / 20)}`;
    writeFile(music, `${artist}/${album}/${i % 20} - Song ${i}.mp3`, taggedMp3({ title: `Song ${i}`, artist, album, trackNumber: (i % 20) + 1 }));
  }
  ensureApiBuild();
}, 300_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

describe('SIGTERM during a scan', () => {
  it('exits within 5 s with one line and no error, leaving whole batches', async () => {
    const logFile = path.join(work, 'scanning.log');
    api = await spawnApiServer({ ...env, MUSIC_DIRS: music }, { logFile });
    const deadline = Date.now() + 120_000;
    while ((await songs(api.url)).length === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await songs(api.url)).length).toBeLessThan(FILES);
    await stopsCleanly(api, logFile);

    // The next start, without the folder (so nothing is scanned), lists whole batches.
    api = await spawnApiServer(env, { logFile: path.join(work, 'after.log') });
    const kept = await songs(api.url);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length % SCAN_BATCH).toBe(0);
    for (const song of kept) expect(song).toMatchObject({ name: expect.stringMatching(/^Song \d+$/), artist: expect.stringMatching(/^Artist \d+$/), album: expect.any(String) });
    await api.stop();
  }, 600_000);

  it('exits as cleanly just after a scan, while its last writes settle', async () => {
    const small = path.join(work, 'small');
    for (let i = 0; i < 600; i += 1) writeFile(small, `Band/Album ${Math.floor(i / 20)}/${i % 20}.mp3`, taggedMp3({ title: `Small ${i}`, artist: 'Band' }));
    const logFile = path.join(work, 'after-scan.log');
    api = await spawnApiServer({ ...env, DATA_DIR: path.join(work, 'data-small'), MUSIC_DIRS: small }, { logFile });
    const deadline = Date.now() + 120_000;
    while ((await songs(api.url)).length < 600) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stopsCleanly(api, logFile);
  }, 300_000);

  it('keeps the catalogue and its search index on disk when a scan ends: killed after, the next start serves them', async () => {
    const folder = path.join(work, 'kept');
    for (let i = 0; i < 300; i += 1) writeFile(folder, `Kept/Album ${Math.floor(i / 20)}/${i % 20}.mp3`, taggedMp3({ title: `Kept ${i}`, artist: 'Keeper' }));
    const dataDir = path.join(work, 'data-kept');
    const cache = path.join(dataDir, 'cache');
    api = await spawnApiServer({ ...env, DATA_DIR: dataDir, MUSIC_DIRS: folder }, { logFile: path.join(work, 'kept.log') });
    // No full list is asked for and the server is killed, not stopped: only the scan's end writes the file.
    const deadline = Date.now() + 120_000;
    const kept = () => fs.readdirSync(cache, { withFileTypes: true }).find((entry) => entry.name.endsWith('.snapshot'));
    while (!fs.existsSync(cache) || !kept() || !fs.readFileSync(path.join(cache, kept()!.name)).includes('searchIndex\n')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await api.stop('SIGKILL');
    api = await spawnApiServer({ ...env, DATA_DIR: dataDir }, { logFile: path.join(work, 'kept-after.log') });
    expect((await songs(api.url)).length).toBe(300);
    await api.stop();
  }, 300_000);
});
