/**
 * `npm run bench`: builds the app, seeds 10,000 songs and 1,000 listeners into the database
 * provider's engine, spawns the production API and loads it with autocannon over loopback, next
 * to two reference points (a plain Node file server and the raw driver query). Writes
 * bench/results.md. BENCH_DURATION (seconds per case, default 30), BENCH_WARMUP (default 5),
 * BENCH_CONNECTIONS (default 10), BENCH_SKIP_BUILD=1 to reuse the existing build, BENCH_OUT to
 * write the table elsewhere. BENCH_CASES=like,create-playlist,… runs only those cases (keys in
 * the table's notes). BENCH_BASELINE_ENTRY=/path/to/an/older/apps/api/dist/server.js runs that
 * build on the same database too and measures each case against it in turn, A then B, so a
 * before/after pair is taken side by side on a noisy machine. BENCH_ENTRY runs another build as
 * the API under test (alone, so its memory and the engine's are its own). The API runs as one of several
 * processes on a shared engine (MONGODB_URI) with a local redis-server as REDIS_URL, as such a
 * deployment is configured; BENCH_REDIS=0 runs it without Redis. SCALE=100000 runs the scale
 * mode instead (bench/lib/scaleBench.ts): 10,000 and SCALE songs scanned from a generated music
 * folder, the same rows at both sizes, written to bench/results-scale.md. OPERATOR=10000[,100000]
 * runs the operator's path instead (bench/lib/operatorBench.ts): a first scan stopped as it ends,
 * the restart measured while its rescan runs, the one-listener cases and a stop during a scan,
 * with BENCH_BASELINE_ENTRY side by side, written to bench/results-operator.md. SEEDED=1000000
 * runs a restart on a catalogue made by the seed command instead (bench/lib/seededBench.ts), with
 * BENCH_BASELINE_ENTRY side by side and SEEDED_DIR to keep the seeded folder, written to
 * bench/results-seeded.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { startDatabase } from '../apps/api/src/db/provider.js';
import { createLogger } from '../apps/api/src/logger.js';
import { spawnApiServer, type SpawnedServer } from '../apps/api/src/test/spawnServer.js';
import { scanBench } from './lib/scanBench.js';
import { transcodeBench } from './lib/transcodeBench.js';
import { importBench } from './lib/importBench.js';
import { scaleBench } from './lib/scaleBench.js';
import { browseCases } from './lib/browseCases.js';
import { operatorBench } from './lib/operatorBench.js';
import { seededBench } from './lib/seededBench.js';
import { measure, type CaseResult, type LoadCase } from './lib/load.js';
import { driverLoop, songListQuery } from './lib/references.js';
import { mb } from './lib/processes.js';
import { toMarkdown } from './lib/report.js';
import {
  mediaVsPlain,
  peakRssOf,
  resetPeakRss,
  runSeed,
  seededTokens,
  startup,
} from './lib/hotPaths.js';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { BENCH_DB, benchApiEnv, JWT_SECRET, MEDIA_BYTES, MEDIA_FILE, seed } from './lib/setup.js';
import { webBundleSizes } from './lib/webBundle.js';
import { startBenchRedis } from './lib/redisServer.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, fallback: number) =>
  process.env[name] ? Number(process.env[name]) : fallback;
const durationSec = num('BENCH_DURATION', 30);
const warmupSec = num('BENCH_WARMUP', 5);
const connections = num('BENCH_CONNECTIONS', 10);
const counts = { songs: num('BENCH_SONGS', 10_000), users: num('BENCH_USERS', 1_000) };
const log = (msg: string) => console.log(`[bench] ${msg}`);

const SEARCHES = [
  'love',
  'midnight',
  'rain',
  'tere',
  'the',
  'a',
  'dil se',
  'kapoor',
  'blue',
  'no-such-song-zz',
];
/** What people type: several words in any order, a typo, a word being typed. */
const TYPED = [
  'aria kapoor',
  'kapoor aria',
  'midnigt',
  'beyonce',
  'dil s',
  'tum hi',
  'rainfal',
  'love sto',
  'kes',
  'blue moon',
];
const RANGE = 256 * 1024;
/** As the production image runs the API (apps/api/Dockerfile); MALLOC_ARENA_MAX=0 is glibc's default. */
const mallocArenaMax = process.env.MALLOC_ARENA_MAX ?? '2';

/** Each listener's newest playlist, through the API. */
async function firstPlaylists(
  url: string,
  tokens: string[],
): Promise<{ token: string; playlistId: string }[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${url}/api/playlists/user-playlists`, {
        headers: { 'x-auth-token': token },
      });
      const { data } = (await res.json()) as { data: { _id: string }[] };
      return { token, playlistId: data[0]!._id };
    }),
  );
}

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building (turbo, cached)…');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  if (process.env.OPERATOR) {
    await operatorBench(root, process.env.OPERATOR.split(',').map(Number), log);
    return;
  }
  if (process.env.SEEDED) {
    await seededBench(root, Number(process.env.SEEDED), log);
    return;
  }
  if (process.env.SCALE) {
    await scaleBench(root, Number(process.env.SCALE), log);
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-bench-'));
  const dataDir = path.join(work, 'data');
  // Kept in the bench's work folder (removed at the end), so the engine can be restarted on it.
  const dbOptions = {
    persistent: true,
    dataDir,
    mongodbUri: process.env.MONGODB_URI,
    logger: createLogger('warn'),
  };
  let db = await startDatabase(dbOptions);
  log(`database engine: ${db.engine}`);
  const results: CaseResult[] = [];
  const ratios: string[] = [];
  let redis: Awaited<ReturnType<typeof startBenchRedis>> = undefined;
  try {
    const started = Date.now();
    const data = await seed(db.uri, dataDir, counts);
    log(
      `seeded ${data.songIds.length} songs and ${data.tokens.length} listeners in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    if (db.pid) {
      // A deployment's engine did not just take 10,000 inserts: restarted, its memory is the
      // API's load alone (Go keeps the seeding's heap for minutes otherwise).
      await db.stop();
      db = await startDatabase(dbOptions);
    }
    resetPeakRss(db.pid);

    // Several processes on one database are deployed with Redis (docs/operations.md), and so is
    // the API here, unless BENCH_REDIS=0 (or redis-server is missing): then it runs on the bounds
    // kept without Redis.
    redis = process.env.BENCH_REDIS === '0' ? undefined : await startBenchRedis();
    log(redis ? `redis on ${redis.url}` : 'no redis: the API runs without REDIS_URL');
    const apiEnv = benchApiEnv(dataDir, db.uri, {
      ...(redis ? { REDIS_URL: redis.url } : {}),
      MALLOC_ARENA_MAX: mallocArenaMax,
    });
    const api = await spawnApiServer(apiEnv, {
      logFile: path.join(work, 'api.log'),
      entry: process.env.BENCH_ENTRY,
    });
    log(`API (production build) on ${api.url}, pid ${api.pid}`);
    const baselineEntry = process.env.BENCH_BASELINE_ENTRY;
    const baseline = baselineEntry
      ? await spawnApiServer(apiEnv, {
          logFile: path.join(work, 'baseline.log'),
          entry: baselineEntry,
        })
      : undefined;
    if (baseline) log(`baseline build ${baselineEntry} on ${baseline.url}`);
    const only = process.env.BENCH_CASES?.split(',');
    const base = { url: api.url, connections, durationSec, warmupSec, rss: api.rss };
    const gzip = { 'accept-encoding': 'gzip' };
    const skipped: CaseResult = {
      name: '',
      requestsPerSec: 0,
      p50Ms: 0,
      p99Ms: 0,
      errors: 0,
      peakRssBytes: 0,
      throughputMBps: 0,
    };
    const run = async (
      c: Omit<LoadCase, keyof typeof base> &
        Partial<Pick<LoadCase, 'connections'>> & { key: string },
    ) => {
      if (only && !only.includes(c.key)) return skipped;
      const note = [c.key, c.note].filter(Boolean).join('; ');
      if (baseline) {
        log(`${c.name} (baseline)…`);
        const b = await measure({
          ...base,
          url: baseline.url,
          rss: baseline.rss,
          ...c,
          name: `${c.name} — before`,
          note,
        });
        log(
          `  ${b.requestsPerSec.toFixed(1)} req/s, p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms, ${b.errors} errors`,
        );
        results.push(b);
      }
      log(`${c.name}…`);
      const r = await measure({
        ...base,
        ...c,
        name: baseline ? `${c.name} — after` : c.name,
        note,
      });
      log(
        `  ${r.requestsPerSec.toFixed(1)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors; engine peak so far ${(peakRssOf(db.pid) / 1024 / 1024).toFixed(0)} MB`,
      );
      results.push(r);
      return r;
    };

    const full = await run({
      key: 'songs-all',
      name: `GET /api/songs (all ${counts.songs.toLocaleString('en')})`,
      next: () => ({ path: '/api/songs' }),
      note: 'identity',
    });
    await run({
      key: 'songs-gzip',
      name: 'GET /api/songs (all, gzip)',
      next: () => ({ path: '/api/songs', headers: gzip }),
      note: 'Accept-Encoding: gzip',
    });
    const page = await run({
      key: 'songs-page',
      name: 'GET /api/songs?limit=50&page=1',
      next: () => ({ path: '/api/songs?limit=50&page=1', headers: gzip }),
    });
    for (const browse of await browseCases(api.url, data.tokens.slice(0, 100))) await run(browse);
    const token = cycle(data.tokens);
    const query = cycle(SEARCHES);
    await run({
      key: 'search',
      name: 'GET /api/search (mix of 10 queries)',
      next: () => ({
        path: `/api/search?search=${encodeURIComponent(query())}`,
        headers: { ...gzip, 'x-auth-token': token() },
      }),
    });
    const typed = cycle(TYPED);
    for (const searchConnections of [1, 50]) {
      await run({
        key: `search-${searchConnections}`,
        name: `GET /api/search (what people type), ${searchConnections} connection${searchConnections > 1 ? 's' : ''}`,
        connections: searchConnections,
        next: () => ({
          path: `/api/search?search=${encodeURIComponent(typed())}`,
          headers: { ...gzip, 'x-auth-token': token() },
        }),
      });
    }
    const apiKey = cycle(data.apiKeys);
    await run({
      key: 'search3',
      name: 'GET /rest/search3 (Subsonic, what people type, API key)',
      next: () => ({
        path: `/rest/search3?f=json&v=1.16.1&c=bench&apiKey=${apiKey()}&songCount=20&query=${encodeURIComponent(typed())}`,
        headers: gzip,
      }),
    });
    const owner = cycle(data.tokens.slice(0, 300));
    await run({
      key: 'user-playlists',
      name: 'GET /api/playlists/user-playlists',
      next: () => ({
        path: '/api/playlists/user-playlists',
        headers: { ...gzip, 'x-auth-token': owner() },
      }),
      note: '3 playlists × 20 songs (more after the create case)',
    });
    const song = cycle(data.songIds.filter((_, i) => i % 7 === 0));
    await run({
      key: 'like',
      name: 'PUT /api/songs/like/{id} (1,000 users)',
      next: () => ({
        method: 'PUT',
        path: `/api/songs/like/${song()}`,
        headers: { 'x-auth-token': token() },
      }),
    });
    const target = cycle(await firstPlaylists(api.url, data.tokens.slice(0, 300)));
    const added = cycle(data.songIds);
    await run({
      key: 'add-song',
      name: 'PUT /api/playlists/add-song (300 playlists)',
      next: () => {
        const { token: t, playlistId } = target();
        const body = JSON.stringify({ playlistId, songId: added() });
        return {
          method: 'PUT',
          path: '/api/playlists/add-song',
          headers: { 'content-type': 'application/json', 'x-auth-token': t },
          body,
        };
      },
    });
    const creator = cycle(data.tokens);
    await run({
      key: 'create-playlist',
      name: 'POST /api/playlists (1,000 users)',
      next: () => ({
        method: 'POST',
        path: '/api/playlists',
        headers: { 'content-type': 'application/json', 'x-auth-token': creator() },
        body: JSON.stringify({ name: 'Bench mix', desc: '' }),
      }),
    });
    const email = cycle(data.emails.slice(0, 100));
    await run({
      key: 'login',
      name: 'POST /api/login',
      next: () => ({
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: email(), password: data.password }),
      }),
      note: 'bcrypt cost 10',
    });
    const offsets = Array.from({ length: MEDIA_BYTES / RANGE }, (_, i) => i * RANGE);
    const rangeHeader = () => {
      const start = cycle(offsets);
      return () => {
        const s = start();
        return `bytes=${s}-${s + RANGE - 1}`;
      };
    };
    const streamRange = rangeHeader();
    await run({
      key: 'stream',
      name: 'GET /rest/stream (Subsonic, 256 KiB ranges, API key)',
      next: () => ({
        path: `/rest/stream?v=1.16.1&c=bench&apiKey=${apiKey()}&id=${data.streamSongId}`,
        headers: { range: streamRange() },
      }),
      note: 'same file and ranges as the media case',
    });
    const wants = (key: string) => !only || only.includes(key);
    if (wants('media')) await mediaVsPlainAt([10, 50]);
    if (wants('transcode')) {
      const t = await transcodeBench({ api, dbUri: db.uri, dataDir, apiKey: data.apiKeys[0]!, durationSec, warmupSec, connections, log });
      results.push(...t.results);
      ratios.push(...t.lines);
    }
    async function mediaVsPlainAt(concurrencies: number[]) {
      for (const c of concurrencies) {
        log(`media vs plain Node, ${c} connections…`);
        const pair = await mediaVsPlain(
          api,
          data.mediaPath,
          `/media/audio/${MEDIA_FILE}`,
          c,
          { durationSec, warmupSec },
          rangeHeader(),
          data.tokens[0]!,
        );
        for (const r of pair.results)
          log(`  ${r.name}: ${r.requestsPerSec.toFixed(1)} req/s, p99 ${r.p99Ms} ms`);
        results.push(...pair.results);
        ratios.push(pair.ratio);
      }
    }
    const peak = api.peakRss();
    const enginePeak = peakRssOf(db.pid);
    await api.stop();
    await baseline?.stop();

    const pct = (x: number, y: number) => `${((x / y) * 100).toFixed(0)}%`;
    if (full !== skipped && page !== skipped) {
      log('reference: driver find().lean() loop…');
      const client = await mongoose.mongo.MongoClient.connect(db.uri);
      const dbh = client.db(BENCH_DB);
      const driverFull = await driverLoop(
        'Reference: driver find() full list',
        songListQuery(dbh),
        { concurrency: connections, durationSec, warmupSec },
      );
      const driverPage = await driverLoop(
        'Reference: driver find() limit 50',
        songListQuery(dbh, 50),
        { concurrency: connections, durationSec, warmupSec },
      );
      await client.close();
      results.push(driverFull, driverPage);
      ratios.push(
        `GET /api/songs (all): ${full.requestsPerSec.toFixed(1)} req/s vs the driver's find() loop ${driverFull.requestsPerSec.toFixed(1)} queries/s (${pct(full.requestsPerSec, driverFull.requestsPerSec)}); p50 ${full.p50Ms} ms vs ${driverFull.p50Ms.toFixed(1)} ms: ${
          full.p50Ms >= driverFull.p50Ms
            ? `the route adds ${(full.p50Ms - driverFull.p50Ms).toFixed(1)} ms at the median`
            : 'the route answers from its cached, pre-serialised snapshot and skips the query'
        }.`,
        `GET /api/songs?limit=50: ${page.requestsPerSec.toFixed(0)} req/s vs the driver's ${driverPage.requestsPerSec.toFixed(0)} queries/s (${pct(page.requestsPerSec, driverPage.requestsPerSec)}); p50 ${page.p50Ms} ms vs ${driverPage.p50Ms.toFixed(2)} ms.`,
      );
    }
    ratios.push(
      `Peak RSS over the whole run (VmHWM): API ${mb(peak)} MB + engine ${enginePeak ? `${mb(enginePeak)} MB` : 'not measured'} = **${mb(peak + enginePeak)} MB**.`,
    );

    if (wants('startup')) {
      const startupDir = path.join(work, 'startup');
      log(`start-up: seeding ${counts.songs} songs into an embedded database…`);
      runSeed(root, startupDir, ['--songs', String(counts.songs), '--users', '10']);
      const env = { JWT_SECRET, RATE_LIMITS: 'false' };
      for (const label of ['first start', 'second start']) {
        // On the second start, the search of `npm start` itself: one process on its own embedded
        // database, where read models stay until that process changes them.
        const embeddedSearch = async (started: SpawnedServer) => {
          if (label !== 'second start') return;
          const emails = Array.from(
            { length: 10 },
            (_, i) => `listener${i + 1}@${SEED_EMAIL_DOMAIN}`,
          );
          const listener = cycle(await seededTokens(started.url, emails, SEED_PASSWORD));
          for (const c of [1, 50]) {
            const r = await measure({
              name: `GET /api/search (what people type), ${c} connection${c > 1 ? 's' : ''}, npm start (embedded engine)`,
              url: started.url,
              connections: c,
              durationSec,
              warmupSec,
              rss: started.rss,
              next: () => ({
                path: `/api/search?search=${encodeURIComponent(typed())}`,
                headers: { ...gzip, 'x-auth-token': listener() },
              }),
            });
            log(
              `  ${r.name}: ${r.requestsPerSec.toFixed(1)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
            );
            results.push(r);
          }
          ratios.push(
            `npm start (embedded engine) peak RSS: API ${(started.peakRss() / 1024 / 1024).toFixed(0)} MB.`,
          );
        };
        const s = await startup(startupDir, env, embeddedSearch);
        const line = `Start-up (${label}, embedded engine, ${counts.songs.toLocaleString('en')} songs): healthy **${s.healthyMs} ms** after launch; first GET /api/songs **${s.firstListMs} ms** after health (${(s.firstListBytes / 1024 / 1024).toFixed(1)} MB).`;
        log(line);
        ratios.push(line);
      }
    }
    if (wants('scan')) {
      const lines = await scanBench(db.uri, work, counts.songs, log);
      for (const line of lines) log(line);
      ratios.push(...lines);
    }
    if (wants('import')) {
      const lines = await importBench(db.uri, counts.songs, log);
      for (const line of lines) log(line);
      ratios.push(...lines);
    }
  } finally {
    await redis?.stop();
    await db.stop();
  }

  const webDist = path.join(root, 'apps', 'web', 'dist');
  const chunks = fs.existsSync(webDist) ? webBundleSizes(webDist) : [];
  const report = toMarkdown({
    engine: db.engine,
    dataset: `${counts.songs.toLocaleString('en')} songs, ${counts.users.toLocaleString('en')} verified listeners, 900 playlists of 20 songs, one 5 MB audio file`,
    settings: `autocannon, ${connections} connections over loopback, ${durationSec} s per case after a ${warmupSec} s warm-up; API = node apps/api/dist/server.js, NODE_ENV=production, MALLOC_ARENA_MAX=${mallocArenaMax} (as the Docker image), LOG_LEVEL=info (access log on), rate limits off, ${redis ? 'REDIS_URL set (a local redis-server)' : 'no Redis'}`,
    cases: results,
    ratios,
    chunks,
  });
  fs.writeFileSync(process.env.BENCH_OUT ?? path.join(root, 'bench', 'results.md'), report);
  console.log(`\n${report}`);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
