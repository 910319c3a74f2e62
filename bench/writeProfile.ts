import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDatabase } from '../apps/api/src/db/provider.js';
import { createLogger } from '../apps/api/src/logger.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { measure } from './lib/load.js';
import { oneListenerBench } from './lib/oneListener.js';
import { cpuMsPerRequest, cpuSeconds } from './lib/processes.js';
import { benchApiEnv, seed } from './lib/setup.js';

/*
 * Focused write bench: the like, create-playlist and add-song cases against one API build (ENTRY,
 * default this checkout's) on a seeded shared engine, with the CPU seconds the API and the engine
 * spent per request. CASES=like,create-playlist,add-song picks cases; DURATION, SONGS and USERS
 * (listeners, default 1,000) size them. The API is not the engine's only writer here, so each
 * playlist write also moves the shared stamp: `SCALE=… npm run bench` measures the embedded setup.
 *
 * ONE_LISTENER=1 runs the one-listener cases instead (lib/oneListener.ts): 10 connections on one
 * listener's like of one song, creates, one playlist's add-songs, and a listener's 2,000
 * playlists; with BASELINE_ENTRY (an older build's apps/api/dist/server.js) each case alternates
 * between this build and that one on the same database, ROUNDS times (default 2).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-writes-'));
const dataDir = path.join(work, 'data');
const db = await startDatabase({ persistent: true, dataDir, logger: createLogger('warn') });
const data = await seed(db.uri, dataDir, { songs: Number(process.env.SONGS ?? 10_000), users: Number(process.env.USERS ?? 1000) });
const env = benchApiEnv(dataDir, db.uri, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const api = await spawnApiServer(env, { logFile: path.join(work, 'api.log'), entry: process.env.ENTRY });
if (process.env.ONE_LISTENER) {
  const builds = [{ name: 'this build', url: api.url }];
  const baseline = process.env.BASELINE_ENTRY
    ? await spawnApiServer(env, { logFile: path.join(work, 'baseline.log'), entry: process.env.BASELINE_ENTRY })
    : undefined;
  if (baseline) builds.push({ name: 'baseline', url: baseline.url });
  await oneListenerBench({
    builds,
    tokens: data.tokens,
    songIds: data.songIds,
    durationSec: Number(process.env.DURATION ?? 10),
    rounds: Number(process.env.ROUNDS ?? 2),
    log: (line) => console.log(line),
  });
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await baseline?.stop();
  await api.stop();
  await db.stop();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
const token = (() => { let i = 0; return () => data.tokens[i++ % data.tokens.length]!; })();
const owners = data.tokens.slice(0, Math.min(300, data.tokens.length));
const addSongRuns = !process.env.CASES || process.env.CASES.split(',').includes('add-song');
const playlists = !addSongRuns ? [] : await Promise.all(
  owners.map(async (t) => {
    const res = await fetch(`${api.url}/api/playlists/user-playlists`, { headers: { 'x-auth-token': t } });
    return { t, id: ((await res.json()) as { data: { _id: string }[] }).data[0]!._id };
  }),
);
let s = 0;
let p = 0;
const durationSec = Number(process.env.DURATION ?? 10);
const cases = {
  like: () => ({ method: 'PUT' as const, path: `/api/songs/like/${data.songIds[(s++ * 7) % data.songIds.length]}`, headers: { 'x-auth-token': token() } }),
  'create-playlist': () => ({ method: 'POST' as const, path: '/api/playlists', headers: { 'content-type': 'application/json', 'x-auth-token': token() }, body: JSON.stringify({ name: 'Bench mix', desc: '' }) }),
  'add-song': () => {
    const { t, id } = playlists[p++ % playlists.length]!;
    return { method: 'PUT' as const, path: '/api/playlists/add-song', headers: { 'content-type': 'application/json', 'x-auth-token': t }, body: JSON.stringify({ playlistId: id, songId: data.songIds[s++ % data.songIds.length] }) };
  },
};
for (const [name, next] of Object.entries(cases)) {
  if (process.env.CASES && !process.env.CASES.split(',').includes(name)) continue;
  const before = { api: cpuSeconds(api.pid), engine: db.pid ? cpuSeconds(db.pid) : 0 };
  const r = await measure({ name, url: api.url, connections: 10, durationSec, warmupSec: 2, next });
  const ms = (sec: number) => cpuMsPerRequest(sec, r.requestsPerSec, durationSec, 2);
  console.log(`${name}: ${r.requestsPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors; CPU per request ≈ API ${ms(cpuSeconds(api.pid) - before.api)} ms, engine ${ms((db.pid ? cpuSeconds(db.pid) : 0) - before.engine)} ms; load ${os.loadavg()[0]!.toFixed(1)}`);
}
await api.stop();
await db.stop();
fs.rmSync(work, { recursive: true, force: true });
