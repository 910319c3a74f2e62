import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../../apps/api/src/test/spawnServer.js';
import { measure, type CaseResult } from './load.js';
import { buildsUnderTest, type BuildEntry } from './builds.js';
import { machine } from './report.js';
import { runSeed } from './hotPaths.js';
import { gzippedBody, login, treeSampler } from './scaleBench.js';
import { mb } from './processes.js';

/*
 * `SEEDED=1000000 npm run bench`: a catalogue of SEEDED songs (albums of 10) made by the seed
 * command, as an operator's restart meets it. Per build (BENCH_BASELINE_ENTRY first, then this
 * one), a fresh copy of the seeded DATA_DIR (kept file included) is started and stopped once (the
 * kept file then in the build's own layout), then started again and measured at once:
 * restart to healthy, the first full list, the first search and album page, then each read at 10
 * connections, and the process tree's memory. SEEDED_DIR=/path keeps the seeded folder between
 * runs (seeding a million songs takes 7-17 minutes). Writes bench/results-seeded.md.
 *
 * Seeded, not scanned: no music files, so no scan rows (SCALE=… measures those).
 */

const PER_ALBUM = 10;
const LISTENERS = 10;

/** Words the seed's generator uses (songs/generateSongs.ts): phrases that find something. */
const WORDS = ['Midnight', 'Golden', 'Broken', 'Electric', 'Silent', 'Burning', 'Velvet', 'Neon', 'Crimson', 'Blue'];
const NOUNS = ['Rain', 'Hearts', 'Skyline', 'Dreams', 'River', 'Fire', 'Echoes', 'Moon', 'Garden', 'Ocean'];
const NAMES = ['Aria', 'Arjun', 'Maya', 'Leo', 'Nina', 'Kabir', 'Zara', 'Priya', 'Omar', 'Meera'];

/** The i-th phrase in each of its three forms: three whole words; name, prefix, noun; a typo and a number. */
export function seededPhraseForms(i: number): [string, string, string] {
  const word = WORDS[i % 10]!;
  const noun = NOUNS[Math.floor(i / 10) % 10]!;
  const name = NAMES[Math.floor(i / 100) % 10]!;
  return [`${word} ${noun} ${name}`, `${name} ${word.slice(0, 4)} ${noun}`, `${word}x ${noun} ${i}`];
}

/** Search phrases never repeated within a run (the route caches answers by query). */
function phrases(): () => string {
  let n = 0;
  return () => {
    const i = n++;
    return seededPhraseForms(i)[i % 3]!;
  };
}

type Values = Map<string, string>;

const CASES: [string, string][] = [
  ['Restart to healthy', '≤ 2 s'],
  ['RSS after healthy, API + engine', '—'],
  ['First full list after healthy (as sent, gzip)', '≤ 1 s'],
  ['First search', '≤ 30 ms'],
  ['First album page (sorted by name)', '≤ 30 ms'],
  ['Search, 10 connections, never-repeated phrases', 'p99 ≤ 30 ms'],
  ['Song list page (limit 50), 10 connections', 'p99 ≤ 30 ms'],
  ['Album page (limit 60), 10 connections', 'p99 ≤ 30 ms'],
  ['Peak RSS, API + engine (sampled)', '≤ 400 MB'],
  ['SIGTERM to exit', '≤ 5 s'],
];

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

const rate = (r: CaseResult) => `${r.requestsPerSec.toFixed(0)} req/s, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}`;

/** A fresh copy of the seeded folder at `dataDir` (kept file included), for one build's start. */
export function copySeeded(seeded: string, dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(seeded, dataDir, { recursive: true });
}

/** The settings a build starts with on a seeded copy: production, quiet, no demo, no rate limits. */
export function seededServerEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMITS: 'false',
    MALLOC_ARENA_MAX: '2',
    JWT_SECRET: 'seeded-bench-secret-0123456789abcdef0123456789abcdef',
  };
}

async function runBuild(seeded: string, songs: number, work: string, build: BuildEntry, durationSec: number, log: (line: string) => void): Promise<Values> {
  const dataDir = path.join(work, `data-${build.name.replace(/\W+/g, '-')}`);
  copySeeded(seeded, dataDir);
  const values: Values = new Map();
  const env = seededServerEnv(dataDir);
  // Started and stopped once first: the kept file is then in this build's own layout, as after
  // any restart of it (a file of an older layout is read once and written again at the stop).
  log(`${build.name}: a first start and stop on the seeded catalogue…`);
  const priming = await spawnApiServer(env, { logFile: path.join(work, `${build.name}-first.log`), timeoutMs: 30 * 60_000, nodeArgs: build.nodeArgs, ...(build.entry ? { entry: build.entry } : {}) });
  await priming.stop();
  log(`${build.name}: starting on the seeded catalogue…`);
  const started = Date.now();
  const api = await spawnApiServer(env, { logFile: path.join(work, `${build.name}.log`), timeoutMs: 30 * 60_000, nodeArgs: build.nodeArgs, ...(build.entry ? { entry: build.entry } : {}) });
  values.set('Restart to healthy', `${((Date.now() - started) / 1000).toFixed(1)} s`);
  const sampler = treeSampler(api.pid);
  values.set('RSS after healthy, API + engine', `${mb(sampler.peak())} MB`);
  try {
    const listed = performance.now();
    const gzipBytes = await gzippedBody(`${api.url}/api/songs`);
    values.set('First full list after healthy (as sent, gzip)', `${((performance.now() - listed) / 1000).toFixed(2)} s (${mb(gzipBytes)} MB gzip, last byte)`);
    const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
    const auth = { 'x-auth-token': token };
    values.set('First search', `${(await timed(`${api.url}/api/search?search=${encodeURIComponent('Silver Horizon')}`, auth)).toFixed(0)} ms`);
    values.set('First album page (sorted by name)', `${(await timed(`${api.url}/api/browse/albums?sort=name&limit=60&page=${Math.max(1, Math.floor(songs / PER_ALBUM / 120))}`, auth)).toFixed(0)} ms`);
    const nextPhrase = phrases();
    const songPages = Math.max(1, Math.floor(songs / 50));
    const albumPages = Math.max(1, Math.floor(songs / PER_ALBUM / 60));
    const cases: [string, () => string][] = [
      ['Search, 10 connections, never-repeated phrases', () => `/api/search?search=${encodeURIComponent(nextPhrase())}`],
      ['Song list page (limit 50), 10 connections', () => `/api/songs?limit=50&page=${1 + Math.floor(Math.random() * songPages)}`],
      ['Album page (limit 60), 10 connections', () => `/api/browse/albums?sort=name&limit=60&page=${1 + Math.floor(Math.random() * albumPages)}`],
    ];
    for (const [name, next] of cases) {
      log(`${build.name}: ${name}…`);
      const result = await measure({ name, url: api.url, connections: 10, durationSec, warmupSec: 0, next: () => ({ path: next(), headers: auth }) });
      values.set(name, rate(result));
    }
    values.set('Peak RSS, API + engine (sampled)', `${mb(sampler.peak())} MB (${sampler.breakdown()})`);
  } finally {
    sampler.stop();
    const stopping = Date.now();
    await api.stop();
    values.set('SIGTERM to exit', `${((Date.now() - stopping) / 1000).toFixed(1)} s`);
  }
  return values;
}

/** Seeds SEEDED songs into `dir` with the seed command, unless a kept file says it holds them. */
function seedOnce(root: string, dir: string, songs: number, log: (line: string) => void): void {
  const marker = path.join(dir, `seeded-${songs}`);
  if (fs.existsSync(marker)) return void log(`reusing the seeded ${songs.toLocaleString('en')} songs in ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  log(`seeding ${songs.toLocaleString('en')} songs into ${dir} (minutes)…`);
  const started = Date.now();
  runSeed(root, dir, ['--songs', String(songs), '--per-album', String(PER_ALBUM), '--users', String(LISTENERS)]);
  fs.writeFileSync(marker, `${Date.now() - started} ms\n`);
}

export async function seededBench(root: string, songs: number, log: (line: string) => void): Promise<void> {
  const durationSec = Number(process.env.BENCH_DURATION ?? 10);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-seeded-'));
  const seeded = process.env.SEEDED_DIR ?? path.join(work, 'seeded');
  const builds = buildsUnderTest();
  try {
    seedOnce(root, seeded, songs, log);
    const seedMs = fs.readFileSync(path.join(seeded, `seeded-${songs}`), 'utf8').trim();
    const runs: Values[] = [];
    for (const build of builds) runs.push(await runBuild(seeded, songs, work, build, durationSec, log));
    const report = [
      '# Samaa on a seeded catalogue, restarted',
      '',
      `- Date: ${new Date().toISOString()}`,
      `- Machine: ${machine()}`,
      `- ${songs.toLocaleString('en')} songs in albums of ${PER_ALBUM} and ${LISTENERS} listeners made by \`npm run seed\` (took ${seedMs}), the kept file included; each build started and stopped once on its own copy, then restarted (embedded engine, NODE_ENV=production, MALLOC_ARENA_MAX=2, rate limits off) and measured at once; loads ${durationSec} s each. Builds: ${builds.map((b) => `${b.name} = ${b.entry ? path.relative(root, b.entry) : 'apps/api/dist/server.js'}${b.nodeArgs?.length ? ` (${b.nodeArgs.join(' ')})` : ''}`).join(', ')}.`,
      '',
      `| Case | Target | ${builds.map((b) => b.name).join(' | ')} |`,
      `| --- | --- | ${builds.map(() => '---').join(' | ')} |`,
      ...CASES.map(([name, target]) => `| ${name} | ${target} | ${runs.map((r) => r.get(name) ?? '—').join(' | ')} |`),
      '',
    ].join('\n');
    fs.writeFileSync(process.env.BENCH_OUT ?? path.join(root, 'bench', 'results-seeded.md'), report);
    console.log(`\n${report}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
