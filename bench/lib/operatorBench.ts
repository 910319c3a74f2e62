import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../../apps/api/src/cli/seed.js';
import { spawnApiServer, type SpawnedServer } from '../../apps/api/src/test/spawnServer.js';
import { measure } from './load.js';
import { buildsUnderTest, type BuildEntry } from './builds.js';
import { runSeed } from './hotPaths.js';
import { oneListenerBench, type Build } from './oneListener.js';
import { machine } from './report.js';
import { writeFolder } from './scanBench.js';
import { folderServerEnv, gzippedBody, json, login, scanDone, treeSampler, uncachedPhrases } from './scaleBench.js';
import { mb } from './processes.js';

/*
 * `OPERATOR=10000 npm run bench` (or OPERATOR=10000,100000): what an operator lives with, per
 * build (BENCH_BASELINE_ENTRY first when given, then this one), each on a fresh DATA_DIR:
 * - a first scan through MUSIC_DIRS, stopped (SIGTERM) right as it ends: whatever the next start
 *   finds kept was written when the scan ended or at shutdown, never later;
 * - the restart measured at once, the start-up rescan running, with no wait for it: healthy, the
 *   first full list, 10 search phrases × 5 (the first query included), like / create / add-song
 *   at 10 connections, and the peak RSS of the API's tree (API + engine) until the rescan ended;
 * - the one-listener cases (oneListener.ts): one listener's like of one song at 10 connections,
 *   its creates, one playlist's add-songs, and a listener's 2,000 playlists (also right after a change);
 * - a stop (SIGTERM) during a first scan: time to exit and the lines logged meanwhile.
 * Writes bench/results-operator.md (or BENCH_OUT).
 *
 * OPERATOR_CASES=one-listener runs the one-listener cases alone: every build up at once, each on
 * its own DATA_DIR seeded with the songs (seed command, no scan) and its listeners, the cases
 * alternating between builds round by round (BENCH_ROUNDS, default 2), as the embedded setup runs.
 * BENCH_NODE_ARGS (and BENCH_BASELINE_NODE_ARGS) give a build's servers node flags (builds.ts).
 *
 * OPERATOR_MUSIC_DIR=/var/tmp keeps each generated folder there for the next run.
 */

const JWT_SECRET = 'operator-bench-secret-0123456789abcdef0123456789abcdef';
const ADMIN = { email: 'admin@operator.bench', password: 'Op3rator-Bench!admin' };
const LISTENERS = 20;

interface Measured {
  /** Case name → value as shown. */
  values: Map<string, string>;
  notes: string[];
  table: string[];
}

/** The cases in the report's order, each with its target. */
const CASES: [string, string][] = [
  ['First scan (files/s)', '≥ 500 files/s'],
  ['Peak RSS during the first scan, API + engine + tag readers (sampled)', '≤ 500 MB'],
  ['Stop (SIGTERM) right as the first scan ends: time to exit', '≤ 15 s'],
  ['Restart to healthy (kept catalogue on disk, rescan starting)', '≤ 2 s'],
  ['First full list after healthy (gzip, to the last byte)', '≤ 100 ms'],
  ['First search after the restart', '≤ 30 ms'],
  ['GET /api/search, 10 phrases × 5, first included: p50 / p99', 'p99 ≤ 30 ms'],
  ['Like, 10 connections, during or right after the rescan: req/s (p99)', 'p99 ≤ 100 ms'],
  ['Create a playlist, 10 connections: req/s (p99)', 'p99 ≤ 100 ms'],
  ['Add a song, 10 connections: req/s (p99)', 'p99 ≤ 100 ms'],
  ['Start-up rescan: duration (ended … after healthy)', '≤ 5 s at 100k, ≤ 45 s at 1M'],
  ['Peak RSS, API + engine, restart to the rescan’s end and the cases (sampled)', '≤ 250 MB'],
  ['Stop (SIGTERM) during a first scan: time to exit', '≤ 5 s'],
  ['Stop (SIGTERM) during a first scan: lines logged from the signal to the exit', 'a few'],
];

const ms = (t: number) => `${t.toFixed(0)} ms`;

function messageOf(line: string): string {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? line;
  } catch {
    return line;
  }
}

function seedListeners(root: string, dataDir: string, songs = 0): void {
  runSeed(root, dataDir, ['--users', String(LISTENERS), ...(songs > 0 ? ['--songs', String(songs)] : [])]);
}

async function runBuild(files: number, music: string, build: BuildEntry, opts: { root: string; work: string; durationSec: number; log: (line: string) => void }): Promise<Measured> {
  const { log } = opts;
  const dir = path.join(opts.work, `${files}-${build.name}`);
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const env = folderServerEnv(dataDir, music, JWT_SECRET, ADMIN);
  const logFile = path.join(dir, 'api.log');
  const spawn = () => spawnApiServer(env, { logFile, entry: build.entry, timeoutMs: 300_000, nodeArgs: build.nodeArgs });
  const values = new Map<string, string>();
  const notes: string[] = [];
  const set = (name: string, value: string) => {
    values.set(name, value);
    log(`  [${build.name}] ${name}: ${value}`);
  };
  seedListeners(opts.root, dataDir);

  log(`${files.toLocaleString('en')} [${build.name}]: first scan, stopped as it ends…`);
  const launched = Date.now();
  let api: SpawnedServer = await spawn();
  const scanSampler = treeSampler(api.pid);
  const admin = await login(api.url, ADMIN.email, ADMIN.password);
  const scanned = await scanDone(api.url, admin, launched, log);
  let t = Date.now();
  const scanPeak = `${mb(scanSampler.peak())} MB (${scanSampler.breakdown()})`;
  scanSampler.stop();
  await api.stop();
  set(CASES[0]![0], `${(scanned.files / ((scanned.durationMs ?? 1) / 1000)).toFixed(0)} files/s (${((scanned.durationMs ?? 0) / 1000).toFixed(1)} s)`);
  set(CASES[1]![0], scanPeak);
  set(CASES[2]![0], ms(Date.now() - t));

  log(`${files.toLocaleString('en')} [${build.name}]: restart, measured at once…`);
  const restarted = Date.now();
  api = await spawn();
  const healthyAt = Date.now();
  set(CASES[3]![0], ms(healthyAt - restarted));
  const sampler = treeSampler(api.pid);
  t = Date.now();
  await gzippedBody(`${api.url}/api/songs`);
  set(CASES[4]![0], ms(Date.now() - t));
  const listener = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
  const phrase = uncachedPhrases(files);
  const phrases = Array.from({ length: 10 }, () => phrase());
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const p of phrases) {
      t = performance.now();
      await json(await fetch(`${api.url}/api/search?search=${encodeURIComponent(p)}`, { headers: { 'x-auth-token': listener, 'accept-encoding': 'gzip' } }));
      times.push(performance.now() - t);
    }
  }
  set(CASES[5]![0], ms(times[0]!));
  const sorted = [...times].sort((a, b) => a - b);
  set(CASES[6]![0], `${ms(sorted[Math.floor(sorted.length / 2)]!)} / ${ms(sorted[Math.ceil(sorted.length * 0.99) - 1]!)}`);
  const searchedAt = Date.now();

  const tokens = [listener];
  for (let i = 2; i <= LISTENERS; i += 1) tokens.push(await login(api.url, `listener${i}@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD));
  const page = await json<{ data: { _id: string }[] }>(await fetch(`${api.url}/api/songs?limit=500&page=1`, { headers: { 'x-auth-token': listener } }));
  const songIds = page.data.map((song) => song._id);
  const playlists = await Promise.all(
    tokens.slice(0, 10).map(async (token) => ({
      token,
      id: (await json<{ data: { _id: string } }>(await fetch(`${api.url}/api/playlists`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify({ name: 'Operator', desc: '' }) }))).data._id,
    })),
  );
  let n = 0;
  const next = <T>(items: readonly T[]) => items[n++ % items.length]!;
  const writes = [
    { name: CASES[7]![0], next: () => ({ method: 'PUT' as const, path: `/api/songs/like/${next(songIds)}`, headers: { 'x-auth-token': next(tokens) } }) },
    { name: CASES[8]![0], next: () => ({ method: 'POST' as const, path: '/api/playlists', headers: { 'content-type': 'application/json', 'x-auth-token': next(tokens) }, body: JSON.stringify({ name: 'Bench mix', desc: '' }) }) },
    {
      name: CASES[9]![0],
      next: () => {
        const { token, id } = next(playlists);
        return { method: 'PUT' as const, path: '/api/playlists/add-song', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify({ playlistId: id, songId: next(songIds) }) };
      },
    },
  ];
  for (const w of writes) {
    const r = await measure({ name: w.name, url: api.url, connections: 10, durationSec: opts.durationSec, warmupSec: 0, next: w.next });
    set(w.name, `${r.requestsPerSec.toFixed(0)} (${r.p99Ms} ms)${r.errors ? `, ${r.errors} errors` : ''}`);
  }
  const rescan = await scanDone(api.url, admin, restarted, log);
  const rescanEnd = Date.parse(rescan.lastScanAt!);
  set(CASES[10]![0], `${((rescan.durationMs ?? 0) / 1000).toFixed(1)} s (ended ${((rescanEnd - healthyAt) / 1000).toFixed(1)} s after healthy; searches done ${((searchedAt - healthyAt) / 1000).toFixed(1)} s after)`);
  set(CASES[11]![0], `${mb(sampler.peak())} MB (${sampler.breakdown()}; VmHWM sum ${mb(sampler.hwmSum())} MB)`);
  sampler.stop();

  log(`${files.toLocaleString('en')} [${build.name}]: one listener…`);
  const table = await oneListenerBench({ builds: [{ name: build.name, url: api.url }], tokens: tokens.slice(1), songIds, durationSec: opts.durationSec, rounds: 1, log });
  await api.stop();

  log(`${files.toLocaleString('en')} [${build.name}]: a stop during a first scan…`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const stopLog = path.join(dir, 'stop.log');
  const scanning = await spawnApiServer(env, { logFile: stopLog, entry: build.entry, timeoutMs: 300_000, nodeArgs: build.nodeArgs });
  // Well into the scan: a few batches written, one being read.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const linesBefore = fs.readFileSync(stopLog, 'utf8').split('\n').length;
  t = Date.now();
  const code = await scanning.stop('SIGTERM', 60_000);
  set(CASES[12]![0], `${ms(Date.now() - t)} (exit code ${code})`);
  const after = fs.readFileSync(stopLog, 'utf8').split('\n').slice(linesBefore - 1).filter(Boolean);
  set(CASES[13]![0], String(after.length));
  notes.push(`${build.name}, lines logged on a stop during a scan: ${after.map(messageOf).join(' | ')}`);
  return { values, notes, table };
}

/** The one-listener cases alone, every build up at once on its own seeded DATA_DIR, alternated round by round. */
async function oneListenerOnly(files: number, builds: readonly BuildEntry[], opts: { root: string; work: string; durationSec: number; log: (line: string) => void }): Promise<string[]> {
  const servers: SpawnedServer[] = [];
  try {
    const running: Build[] = [];
    for (const build of builds) {
      const dataDir = path.join(opts.work, `${files}-${build.name}`, 'data');
      fs.mkdirSync(dataDir, { recursive: true });
      seedListeners(opts.root, dataDir, files);
      const { MUSIC_DIRS: _none, ...env } = folderServerEnv(dataDir, '', JWT_SECRET, ADMIN);
      const api = await spawnApiServer(env, { logFile: path.join(dataDir, '..', 'api.log'), entry: build.entry, timeoutMs: 300_000, nodeArgs: build.nodeArgs });
      servers.push(api);
      const tokens: string[] = [];
      for (let i = 1; i <= LISTENERS; i += 1) tokens.push(await login(api.url, `listener${i}@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD));
      const page = await json<{ data: { _id: string }[] }>(await fetch(`${api.url}/api/songs?limit=500&page=1`, { headers: { 'x-auth-token': tokens[0]! } }));
      running.push({ name: build.name, url: api.url, own: { tokens, songIds: page.data.map((song) => song._id) } });
    }
    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    // This build first: the table's ratio is then this build's rate over the baseline's.
    return await oneListenerBench({ builds: running.reverse(), tokens: [], songIds: [], durationSec: opts.durationSec, rounds, log: opts.log });
  } finally {
    for (const api of servers) await api.stop();
  }
}

export async function operatorBench(root: string, sizes: number[], log: (line: string) => void): Promise<void> {
  const durationSec = Number(process.env.BENCH_DURATION ?? 5);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-operator-'));
  const builds = buildsUnderTest();
  const started = Date.now();
  const lines = ['# Samaa as an operator runs it', '', `- Date: ${new Date().toISOString()}`, `- Machine: ${machine()}`];
  const sections: string[] = [];
  try {
    for (const files of sizes) {
      if (process.env.OPERATOR_CASES === 'one-listener') {
        const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
        const table = await oneListenerOnly(files, builds, { root, work, durationSec, log });
        sections.push(
          '',
          `## One listener, ${files.toLocaleString('en')} songs (OPERATOR_CASES=one-listener: builds up at once, each on its own seeded DATA_DIR, ${rounds} rounds alternated; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end)`,
          '',
          ...table,
        );
        continue;
      }
      // OPERATOR_MUSIC_DIR keeps the generated folder between runs (13 GB at a million songs).
      const kept = process.env.OPERATOR_MUSIC_DIR;
      const music = path.join(kept ?? work, `music-${files}`);
      const written = path.join(music, '.written');
      if (!fs.existsSync(written)) {
        log(`${files.toLocaleString('en')}: writing the folder…`);
        writeFolder(music, files);
        fs.writeFileSync(written, new Date().toISOString());
      }
      const runs: Measured[] = [];
      for (const build of builds) runs.push(await runBuild(files, music, build, { root, work, durationSec, log }));
      sections.push(
        '',
        `## ${files.toLocaleString('en')} songs`,
        '',
        `| Case | Target | ${builds.map((b) => b.name).join(' | ')} |`,
        `| --- | --- | ${builds.map(() => '---').join(' | ')} |`,
        ...CASES.map(([name, target]) => `| ${name} | ${target} | ${runs.map((r) => r.values.get(name) ?? '—').join(' | ')} |`),
        '',
        ...runs.flatMap((r, i) => [`One listener, ${builds[i]!.name} (10 connections, ${durationSec} s a case; target p99 ≤ 30 ms for user-playlists):`, '', ...r.table, '']),
        ...runs.flatMap((r) => r.notes.map((note) => `- ${note}`)),
      );
      if (!kept) fs.rmSync(music, { recursive: true, force: true });
    }
    const seeded = process.env.OPERATOR_CASES === 'one-listener';
    lines.push(
      seeded
        ? `- Songs and ${LISTENERS} listeners seeded by the seed command on a fresh DATA_DIR per build (embedded engine, NODE_ENV=production, MALLOC_ARENA_MAX=2, rate limits off); builds: ${builds.map((b) => `${b.name} = ${b.entry ? path.relative(root, b.entry) : 'apps/api/dist/server.js'}`).join(', ')}; cases ${durationSec} s each. Whole run: ${((Date.now() - started) / 60_000).toFixed(1)} min.`
        : `- Folders of tagged one-second MP3s scanned through MUSIC_DIRS on a fresh DATA_DIR (embedded engine, NODE_ENV=production, MALLOC_ARENA_MAX=2, rate limits off), ${LISTENERS} listeners; builds: ${builds.map((b) => `${b.name} = ${b.entry ? path.relative(root, b.entry) : 'apps/api/dist/server.js'}`).join(', ')}; write cases ${durationSec} s each. Whole run: ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
      ...sections,
      '',
    );
    const report = lines.join('\n');
    fs.writeFileSync(process.env.BENCH_OUT ?? path.join(root, 'bench', 'results-operator.md'), report);
    console.log(`\n${report}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
