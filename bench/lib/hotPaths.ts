import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawnApiServer, type SpawnedServer } from '../../apps/api/src/test/spawnServer.js';
import { measure, type CaseResult, type LoadCase } from './load.js';
import { plainFileServer } from './references.js';

/*
 * The hot-path cases of `npm run bench`: media against the plain-Node reference at 10 and 50
 * connections, measured in alternation; start-up of the production build on an existing
 * catalogue; and the peak memory of API plus engine.
 */

export interface Timing {
  warmupSec: number;
  durationSec: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The media route and the plain server over the same ranges, in ROUNDS alternating pairs so both
 * see the same machine; the ratio quoted is the median of the pairs' ratios.
 */
export async function mediaVsPlain(
  api: { url: string; rss: () => number },
  mediaPath: string,
  mediaUrlPath: string,
  connections: number,
  timing: Timing,
  nextRange: () => string,
  /** A listener's session token: /media is private (docs/media.md). */
  token: string,
): Promise<{ results: CaseResult[]; ratio: string }> {
  const ROUNDS = 3;
  const plain = await plainFileServer(mediaPath);
  const durationSec = Math.max(3, Math.round(timing.durationSec / ROUNDS));
  const round = (name: string, url: string, p: string, rss?: () => number, auth: Record<string, string> = {}): LoadCase => ({
    name,
    url,
    connections,
    durationSec,
    warmupSec: timing.warmupSec,
    rss,
    next: () => ({ path: p, headers: { ...auth, range: nextRange() } }),
  });
  const ours: CaseResult[] = [];
  const theirs: CaseResult[] = [];
  try {
    for (let i = 0; i < ROUNDS; i += 1) {
      ours.push(await measure(round('media', api.url, mediaUrlPath, api.rss, { authorization: `Bearer ${token}` })));
      theirs.push(await measure(round('plain', plain.url, '/')));
    }
  } finally {
    await plain.close();
  }
  const ratios = ours.map((r, i) => r.requestsPerSec / theirs[i]!.requestsPerSec);
  const pick = (rs: CaseResult[], name: string): CaseResult => ({
    ...rs[0]!,
    name,
    requestsPerSec: median(rs.map((r) => r.requestsPerSec)),
    p50Ms: median(rs.map((r) => r.p50Ms)),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    peakRssBytes: Math.max(...rs.map((r) => r.peakRssBytes)),
    note: `median of ${ROUNDS} rounds of ${durationSec} s, alternating with the plain server`,
  });
  return {
    results: [
      pick(ours, `GET /media/audio/… (256 KiB ranges), ${connections} connections`),
      pick(theirs, `Reference: plain node:http + createReadStream, ${connections} connections`),
    ],
    ratio: `Media route at ${connections} connections: **${median(ratios).toFixed(2)}×** the plain server's throughput (pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')}).`,
  };
}

export interface StartupResult {
  healthyMs: number;
  firstListMs: number;
  firstListBytes: number;
}

/**
 * `npm start`'s server on an existing catalogue in its own data folder (embedded engine included):
 * milliseconds from launch to a healthy /api/health, then the first GET /api/songs.
 */
export async function startup(
  dataDir: string,
  env: Record<string, string>,
  whileRunning?: (api: SpawnedServer) => Promise<void>,
): Promise<StartupResult> {
  const started = Date.now();
  const api: SpawnedServer = await spawnApiServer(
    { ...env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
    { logFile: path.join(dataDir, 'startup.log') },
  );
  try {
    const healthyMs = Date.now() - started;
    const t = Date.now();
    const res = await fetch(`${api.url}/api/songs`);
    const body = await res.arrayBuffer();
    const firstListMs = Date.now() - t;
    await whileRunning?.(api);
    return { healthyMs, firstListMs, firstListBytes: body.byteLength };
  } finally {
    await api.stop();
  }
}

/** Tokens of seeded listeners, through POST /api/login. */
export async function seededTokens(
  url: string,
  emails: string[],
  password: string,
): Promise<string[]> {
  return Promise.all(
    emails.map(async (email) => {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await res.json()) as { authToken: string }).authToken;
    }),
  );
}

/** Runs the seed command (`npm run seed -- …args`) on an embedded database under `dataDir`. */
export function runSeed(root: string, dataDir: string, args: string[]): void {
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/cli/seed.ts'), ...args], {
    cwd: root,
    env: { ...withoutMongoUri(process.env), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

function withoutMongoUri(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MONGODB_URI: _unused, ...rest } = env;
  return rest;
}

/** Starts a process's VmHWM afresh (Linux: writing 5 to clear_refs). */
export function resetPeakRss(pid: number | undefined): void {
  if (!pid) return;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not Linux, or not allowed: the peak then includes the seeding */
  }
}

/** Peak resident memory (VmHWM) of a process, in bytes; 0 when unknown. */
export function peakRssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}
