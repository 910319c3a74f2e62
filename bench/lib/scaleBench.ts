import fs from 'node:fs';
import { cpuMsPerRequest, cpuSeconds, mb, processTree } from './processes.js';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../../apps/api/src/cli/seed.js';
import { spawnApiServer, type SpawnedServer } from '../../apps/api/src/test/spawnServer.js';
import { measure, type CaseResult } from './load.js';
import { machine } from './report.js';
import { writeFolder } from './scanBench.js';
import { browseCases } from './browseCases.js';
import { runSeed } from './hotPaths.js';

/*
 * `SCALE=100000 npm run bench`: the large-library table at two sizes in one run. For 10,000 songs and
 * then SCALE songs, a generated folder of tagged one-second MP3s is scanned through MUSIC_DIRS by
 * the production build on a fresh DATA_DIR (embedded engine), then the server is restarted and
 * the read and write cases run against it. Memory is the API's whole process tree: the API, the
 * embedded engine and the tag-reading workers. Writes bench/results-scale.md.
 */

const JWT_SECRET = 'scale-bench-secret-0123456789abcdef0123456789abcdef';
const ADMIN = { email: 'admin@scale.bench', password: 'Sc4le-Bench!admin' };
const LISTENERS = 20;
const PLAYLISTS = 300;
const SCAN_DEADLINE_MS = 60 * 60 * 1000;

interface Row {
  name: string;
  value: number;
  unit: string;
  /** Whether more is better (for the ratio's reading). */
  higherIsBetter: boolean;
}

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the summed RSS of a process tree every 200 ms; `peak()` is the largest sum seen. */
export function treeSampler(pid: number) {
  let peak = 0;
  let atPeak = '';
  const sample = () => {
    const each = processTree(pid).map((p) => ({ p, rss: status(p, 'VmRSS') }));
    const sum = each.reduce((total, { rss }) => total + rss, 0);
    if (sum > peak) {
      peak = sum;
      atPeak = each.map(({ p, rss }) => `${p === pid ? 'api' : commOf(p)} ${mb(rss)}`).join(', ');
    }
    return peak;
  };
  const timer = setInterval(sample, 200);
  sample();
  return {
    peak: () => (sample(), peak),
    /** Each process's RSS (MB) at the sampled peak. */
    breakdown: () => atPeak,
    /** Sum of each process's own peak (VmHWM): an upper bound of the tree's peak. */
    hwmSum: () => processTree(pid).reduce((sum, p) => sum + status(p, 'VmHWM'), 0),
    stop: () => clearInterval(timer),
  };
}

function commOf(pid: number): string {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('tagReaderProcess')) return 'worker';
    if (cmdline.includes('ferretdb')) return 'engine';
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return 'gone';
  }
}

/** The production server's settings for a bench on a music folder: no demo songs, no rate limits. */
export function folderServerEnv(dataDir: string, music: string, jwtSecret: string, admin: { email: string; password: string }) {
  return {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    MUSIC_DIRS: music,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: 'false',
    RATE_LIMITS: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text().then((t) => t.slice(0, 300))}`);
  return (await res.json()) as T;
}

/** The whole body of a GET, gzip accepted and left as it came. */
export function gzippedBody(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return (await json<{ authToken: string }>(res)).authToken;
}

interface LibraryState {
  scanning: boolean;
  lastScanAt?: string;
  durationMs?: number;
  files: number;
  songs: number;
  errorCount: number;
}

/** Waits until the folder's scan that finished after `since` is recorded. */
export async function scanDone(url: string, adminToken: string, since: number, log: (line: string) => void): Promise<LibraryState> {
  const deadline = Date.now() + SCAN_DEADLINE_MS;
  let lastLog = 0;
  for (;;) {
    const { data } = await json<{ data: (LibraryState & { progress?: { done: number; total: number } })[] }>(
      await fetch(`${url}/api/admin/libraries`, { headers: { 'x-auth-token': adminToken } }),
    );
    const folder = data[0]!;
    if (!folder.scanning && folder.lastScanAt && Date.parse(folder.lastScanAt) >= since) return folder;
    if (Date.now() - lastLog > 15_000 && folder.progress) {
      lastLog = Date.now();
      log(`  scan progress ${folder.progress.done.toLocaleString('en')} / ${folder.progress.total.toLocaleString('en')}`);
    }
    if (Date.now() > deadline) throw new Error('the scan did not finish within the bench deadline');
    await new Promise((r) => setTimeout(r, 500));
  }
}

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/** Search phrases that are never repeated in a run (the routes cache answers by query). */
export function uncachedPhrases(files: number): () => string {
  const tracks = Math.ceil(files / 1000);
  let i = 0;
  return () => {
    const n = i++;
    const a = 1 + (n % 100);
    const b = 1 + (Math.floor(n / 100) % 10);
    const t = 1 + (Math.floor(n / 1000) % tracks);
    const forms = [`song ${a}-${b}-${t}`, `artist ${a} album ${b} ${t}`, `son ${a}-${b}-${t}`, `album ${b} song ${a}-${b}-${t}`];
    return forms[n % forms.length]!;
  };
}

interface SizeRun {
  files: number;
  rows: Row[];
  cases: CaseResult[];
  notes: string[];
}

async function runSize(files: number, opts: { root: string; work: string; entry?: string; durationSec: number; warmupSec: number; log: (line: string) => void }): Promise<SizeRun> {
  const { log } = opts;
  const dir = path.join(opts.work, `${files}`);
  const music = path.join(dir, 'music');
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  log(`${files.toLocaleString('en')}: writing the folder…`);
  // Albums of 10 tracks: 1,000 albums at 10,000 songs, 10,000 at 100,000.
  writeFolder(music, files, { albumsPerArtist: Math.max(10, Math.round(files / 1000)) });
  const env = folderServerEnv(dataDir, music, JWT_SECRET, ADMIN);
  const spawn = () => spawnApiServer(env, { logFile: path.join(dir, 'api.log'), entry: opts.entry, timeoutMs: 300_000 });
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (name: string, value: number, unit: string, higherIsBetter = false) => {
    rows.push({ name, value, unit, higherIsBetter });
    log(`  ${name}: ${value.toFixed(unit === 'files/s' || unit === 'req/s' ? 1 : 0)} ${unit}`);
  };

  // First scan, on a fresh data folder.
  log(`${files.toLocaleString('en')}: first scan through MUSIC_DIRS…`);
  const launched = Date.now();
  let api: SpawnedServer = await spawn();
  let sampler = treeSampler(api.pid);
  const adminToken = await login(api.url, ADMIN.email, ADMIN.password);
  const scanned = await scanDone(api.url, adminToken, launched, log);
  const scanPeak = sampler.peak();
  const scanHwm = sampler.hwmSum();
  log(`  at the scan's peak (MB): ${sampler.breakdown()}`);
  notes.push(`${files.toLocaleString('en')} songs, at the scan's memory peak (MB): ${sampler.breakdown()}`);
  sampler.stop();
  row('First scan', scanned.files / ((scanned.durationMs ?? 1) / 1000), 'files/s', true);
  row('First scan, duration', (scanned.durationMs ?? 0) / 1000, 's');
  row('Peak RSS during the scan (API + engine + workers, sampled)', Number(mb(scanPeak)), 'MB');
  row('Sum of each process’s own peak (VmHWM) after the scan', Number(mb(scanHwm)), 'MB');
  if (scanned.songs !== files) log(`  warning: ${scanned.songs} songs from ${files} files (${scanned.errorCount} errors)`);
  await api.stop();

  // Listeners, their tokens and keys, and one listener's playlists.
  runSeed(opts.root, dataDir, ['--users', String(LISTENERS)]);
  api = await spawn();
  const emails = Array.from({ length: LISTENERS }, (_, i) => `listener${i + 1}@${SEED_EMAIL_DOMAIN}`);
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await login(api.url, email, SEED_PASSWORD));
  const apiKeys: string[] = [];
  for (const token of tokens.slice(0, 10)) {
    const res = await fetch(`${api.url}/api/account/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify({ name: 'Bench' }) });
    apiKeys.push((await json<{ data: { key: string } }>(res)).data.key);
  }
  const owner = tokens[0]!;
  for (let i = 0; i < PLAYLISTS; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        fetch(`${api.url}/api/playlists`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': owner }, body: JSON.stringify({ name: `Mix ${i + k + 1}`, desc: '' }) }).then(json),
      ),
    );
  }
  const playlists = (await json<{ data: { _id: string }[] }>(await fetch(`${api.url}/api/playlists/user-playlists`, { headers: { 'x-auth-token': owner } }))).data.map((p) => p._id);
  await scanDone(api.url, adminToken, 0, log);
  await api.stop();

  // The restart measured: healthy, then the first search and the first full list.
  log(`${files.toLocaleString('en')}: restart…`);
  const restarted = Date.now();
  api = await spawn();
  row('Restart to healthy', Date.now() - restarted, 'ms');
  sampler = treeSampler(api.pid);
  const phrase = uncachedPhrases(files);
  let t = Date.now();
  await json(await fetch(`${api.url}/api/search?search=${encodeURIComponent(phrase())}`, { headers: { 'x-auth-token': owner } }));
  row('First search after the restart', Date.now() - t, 'ms');
  // Timed to the last byte of the gzipped body as sent: fetch would also time its own unzip and
  // JSON.parse of the whole list (40 MB at 100k), which is the client's cost, not the server's.
  t = Date.now();
  await gzippedBody(`${api.url}/api/songs`);
  row('First full list after the restart (GET /api/songs, gzip, to the last byte)', Date.now() - t, 'ms');
  t = Date.now();
  await gzippedBody(`${api.url}/api/songs`);
  row('Second full list (gzip, to the last byte)', Date.now() - t, 'ms');
  t = Date.now();
  const full = await json<{ data: { _id: string }[] }>(await fetch(`${api.url}/api/songs`));
  row('Third full list, unzipped and parsed by the client (fetch + JSON.parse)', Date.now() - t, 'ms');
  const songIds = full.data.map((song) => song._id);
  await scanDone(api.url, adminToken, restarted, log);

  const cases: CaseResult[] = [];
  const base = { url: api.url, durationSec: opts.durationSec, warmupSec: opts.warmupSec, rss: api.rss };
  // CPU per request of the API and of the rest of its tree (the engine), over warm-up and run.
  const cpuOfTree = () => {
    const [self, ...rest] = processTree(api.pid);
    return { api: cpuSeconds(self!), engine: rest.reduce((sum, pid) => sum + cpuSeconds(pid), 0) };
  };
  const run = async (c: Parameters<typeof measure>[0]) => {
    log(`  ${c.name}…`);
    const before = cpuOfTree();
    const r = await measure(c);
    const after = cpuOfTree();
    const perRequest = (sec: number) => cpuMsPerRequest(sec, r.requestsPerSec, opts.durationSec, opts.warmupSec);
    const cpu = `CPU per request: API ${perRequest(after.api - before.api)} ms, engine ${perRequest(after.engine - before.engine)} ms`;
    log(`    ${r.requestsPerSec.toFixed(1)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors; ${cpu}`);
    notes.push(`${files.toLocaleString('en')} songs, ${c.name}: ${cpu}`);
    cases.push(r);
    return r;
  };
  const key = cycle(apiKeys);
  const subsonic = (method: string, query: string) => `/rest/${method}?f=json&v=1.16.1&c=bench&apiKey=${key()}&${query}`;
  const search1 = await run({ ...base, name: 'search3, uncached, 1 connection', connections: 1, next: () => ({ path: subsonic('search3', `songCount=20&query=${encodeURIComponent(phrase())}`) }) });
  row('search3 1 connection p50', search1.p50Ms, 'ms');
  row('search3 1 connection p99', search1.p99Ms, 'ms');
  const search10 = await run({ ...base, name: 'search3, uncached, 10 connections', connections: 10, next: () => ({ path: subsonic('search3', `songCount=20&query=${encodeURIComponent(phrase())}`) }) });
  row('search3 10 connections', search10.requestsPerSec, 'req/s', true);
  const albums = await run({ ...base, name: 'getAlbumList2 alphabeticalByName, offset 500, 10 connections', connections: 10, next: () => ({ path: subsonic('getAlbumList2', 'type=alphabeticalByName&size=50&offset=500') }) });
  row('getAlbumList2 offset 500, 10 connections', albums.requestsPerSec, 'req/s', true);
  // autocannon gives up on a request after 10 s: with none answered, there is no latency to quote.
  const latency = (r: CaseResult, ms: number) => (r.requestsPerSec === 0 && r.errors > 0 ? Number.NaN : ms);
  row('getAlbumList2 p99', latency(albums, albums.p99Ms), 'ms');
  for (const browse of await browseCases(api.url, tokens)) {
    const r = await run({ ...base, name: `${browse.name}, 10 connections`, connections: 10, next: browse.next });
    row(`${browse.name} p99`, latency(r, r.p99Ms), 'ms');
  }
  const userPlaylists = await run({ ...base, name: `GET /api/playlists/user-playlists (${PLAYLISTS} playlists), 10 connections`, connections: 10, next: () => ({ path: '/api/playlists/user-playlists', headers: { 'x-auth-token': owner } }) });
  row(`user-playlists (${PLAYLISTS} playlists), 10 connections`, userPlaylists.requestsPerSec, 'req/s', true);
  row('user-playlists p99', userPlaylists.p99Ms, 'ms');
  const listener = cycle(tokens.slice(1));
  const song = cycle(songIds.filter((_, i) => i % 7 === 0));
  const like = await run({ ...base, name: 'PUT /api/songs/like/{id}, 10 connections', connections: 10, next: () => ({ method: 'PUT', path: `/api/songs/like/${song()}`, headers: { 'x-auth-token': listener() } }) });
  row('Star / like, 10 connections', like.requestsPerSec, 'req/s', true);
  const create = await run({
    ...base,
    name: 'POST /api/playlists, 10 connections',
    connections: 10,
    next: () => ({ method: 'POST', path: '/api/playlists', headers: { 'content-type': 'application/json', 'x-auth-token': listener() }, body: JSON.stringify({ name: 'Bench mix', desc: '' }) }),
  });
  row('Create playlist, 10 connections', create.requestsPerSec, 'req/s', true);
  const target = cycle(playlists);
  const added = cycle(songIds);
  const addSong = await run({
    ...base,
    name: `PUT /api/playlists/add-song (${PLAYLISTS} playlists), 10 connections`,
    connections: 10,
    next: () => ({ method: 'PUT', path: '/api/playlists/add-song', headers: { 'content-type': 'application/json', 'x-auth-token': owner }, body: JSON.stringify({ playlistId: target(), songId: added() }) }),
  });
  row('Add a song to a playlist, 10 connections', addSong.requestsPerSec, 'req/s', true);
  row('Steady-state peak RSS (API + engine + workers, sampled)', Number(mb(sampler.peak())), 'MB');
  notes.push(`${files.toLocaleString('en')} songs, at the steady-state peak (MB): ${sampler.breakdown()}`);
  sampler.stop();
  await api.stop();
  return { files, rows, cases, notes };
}

function toMarkdown(runs: SizeRun[], settings: string): string {
  const [small, large] = runs as [SizeRun, SizeRun];
  const fmt = (r: Row | undefined) => (r && Number.isNaN(r.value) ? 'no answer within 10 s' : r ? `${r.value >= 100 || r.unit === 'MB' || r.unit === 'ms' ? r.value.toFixed(0) : r.value.toFixed(1)} ${r.unit}` : '—');
  const lines = [
    '# Samaa at scale',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${machine()}`,
    `- ${settings}`,
    '',
    `| Measure | ${small.files.toLocaleString('en')} songs | ${large.files.toLocaleString('en')} songs | ${large.files / 1000}k ÷ ${small.files / 1000}k |`,
    '| --- | ---: | ---: | ---: |',
    ...small.rows.map((r) => {
      const other = large.rows.find((x) => x.name === r.name);
      const ratio = other && r.value && !Number.isNaN(other.value) ? `${(other.value / r.value).toFixed(2)}×` : '—';
      return `| ${r.name} | ${fmt(r)} | ${fmt(other)} | ${ratio} |`;
    }),
    '',
    ...runs.flatMap((run) => run.notes.map((note) => `- ${note}`)),
    '',
    '## Load cases',
    '',
    '| Case | Songs | Requests/s | p50 (ms) | p99 (ms) | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...runs.flatMap((run) => run.cases.map((c) => `| ${c.name} | ${run.files.toLocaleString('en')} | ${c.requestsPerSec.toFixed(1)} | ${c.p50Ms} | ${c.p99Ms} | ${c.errors} |`)),
    '',
  ];
  return lines.join('\n');
}

/** The scale mode: 10,000 songs, then `scale` songs, written to bench/results-scale.md (or BENCH_OUT). */
export async function scaleBench(root: string, scale: number, log: (line: string) => void): Promise<void> {
  const durationSec = Number(process.env.BENCH_DURATION ?? 10);
  const warmupSec = Number(process.env.BENCH_WARMUP ?? 2);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scale-'));
  const entry = process.env.BENCH_ENTRY;
  const started = Date.now();
  try {
    const runs: SizeRun[] = [];
    for (const files of [Math.min(10_000, scale), scale]) {
      runs.push(await runSize(files, { root, work, entry, durationSec, warmupSec, log }));
      fs.rmSync(path.join(work, String(files)), { recursive: true, force: true });
    }
    const settings = `Folders of tagged one-second MP3s (100 artists, albums of 10 tracks) scanned through MUSIC_DIRS by ${entry ? path.relative(root, entry) : 'apps/api/dist/server.js'} on a fresh DATA_DIR (embedded engine, NODE_ENV=production, MALLOC_ARENA_MAX=2, rate limits off); ${LISTENERS} listeners, one with ${PLAYLISTS} playlists; autocannon ${durationSec} s per case after ${warmupSec} s of warm-up; search phrases never repeat. Whole run: ${((Date.now() - started) / 60_000).toFixed(1)} min.`;
    const report = toMarkdown(runs, settings);
    fs.writeFileSync(process.env.BENCH_OUT ?? path.join(root, 'bench', 'results-scale.md'), report);
    console.log(`\n${report}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
