import { measure, type CaseResult } from './load.js';

/*
 * One listener doing many things at once: 10 connections on one listener's like of one song,
 * one listener's creates, one playlist's add-songs, and one listener's 2,000 playlists read
 * (steady, and right after a change). Each case runs on this build (A) and on a baseline build
 * (B), served from the same database or each from its own (`Build.own`), alternating A/B and B/A
 * round by round, so a loaded machine weighs on both alike; the ratio of the two geometric means
 * is what to compare.
 */

export interface Build {
  name: string;
  url: string;
  /** This build's listeners and songs when it has a database of its own (else the options'). */
  own?: { tokens: readonly string[]; songIds: readonly string[] };
}

export interface OneListenerOptions {
  builds: readonly Build[];
  /** Listener tokens: each (case, build, round) that writes gets its own listener. */
  tokens: readonly string[];
  songIds: readonly string[];
  durationSec: number;
  rounds: number;
  log: (line: string) => void;
}

const json = (token: string) => ({ 'content-type': 'application/json', 'x-auth-token': token });

async function call(url: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const res = await fetch(`${url}${path}`, { method, headers: { ...json(token), 'accept-encoding': 'gzip' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as { data?: unknown }).data : undefined };
}

async function createPlaylists(url: string, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let at = 0; at < count; at += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, count - at) }, (_, i) => call(url, 'POST', '/api/playlists', token, { name: `Many ${at + i}`, desc: '' })),
    );
    ids.push(...made.map(({ data }) => (data as { _id: string })._id));
  }
  return ids;
}

const geomean = (values: number[]) => Math.exp(values.reduce((sum, v) => sum + Math.log(Math.max(v, 1e-9)), 0) / values.length);

/**
 * Right after an add-song, 10 readers at once: the slowest answer, per change (ms), capped at
 * READ_CAP_MS (a reader still waiting then counts as that). On this shared engine each change also
 * moves the playlists stamp, which drops both builds' kept lists at their next check; the embedded
 * setup has no stamp (playlists/coalescedWrites.test.ts pins that case).
 */
const READ_CAP_MS = 5000;
async function afterChange(url: string, token: string, playlistId: string, songIds: readonly string[], changes: number): Promise<number[]> {
  const slowest: number[] = [];
  for (let i = 0; i < changes; i++) {
    await call(url, 'GET', '/api/playlists/user-playlists', token);
    const added = await call(url, 'PUT', '/api/playlists/add-song', token, { playlistId, songId: songIds[(i * 17 + 3) % songIds.length] });
    if (added.status !== 200) throw new Error(`add-song answered ${added.status}`);
    const times = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const start = performance.now();
        const res = await fetch(`${url}/api/playlists/user-playlists`, { headers: { 'x-auth-token': token, 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(READ_CAP_MS) })
          .then(async (r) => (await r.arrayBuffer(), r.status))
          .catch(() => 'timeout' as const);
        if (res !== 200 && res !== 'timeout') throw new Error(`user-playlists answered ${res}`);
        return Math.min(performance.now() - start, READ_CAP_MS);
      }),
    );
    slowest.push(Math.max(...times));
  }
  return slowest;
}

export async function oneListenerBench({ builds, tokens, songIds, durationSec, rounds, log }: OneListenerOptions): Promise<string[]> {
  const shared = { tokens, songIds, next: 0 };
  const dataOf = new Map(builds.map((b) => [b.name, b.own ? { ...b.own, next: 0 } : shared]));
  const data = (build: Build) => dataOf.get(build.name)!;
  const freshToken = (build: Build) => {
    const d = data(build);
    return d.tokens[d.next++ % d.tokens.length]!;
  };
  /** Per database, the listener with 2,000 playlists. */
  const manyOf = new Map<object, { token: string; ids: string[] }>();
  for (const build of builds) {
    if (manyOf.has(data(build))) continue;
    const token = freshToken(build);
    log(`creating 2,000 playlists for one listener through ${build.name}`);
    manyOf.set(data(build), { token, ids: await createPlaylists(build.url, token, 2000) });
  }
  const many = (build: Build) => manyOf.get(data(build))!;

  type Case = { name: string; prepare: (build: Build) => Promise<() => ReturnType<Parameters<typeof measure>[0]['next']>> };
  let s = 0;
  const cases: Case[] = [
    {
      name: 'like, one listener, one song',
      prepare: async (build) => {
        const token = freshToken(build);
        const { songIds } = data(build);
        const songId = songIds[s++ % songIds.length];
        return () => ({ method: 'PUT', path: `/api/songs/like/${songId}`, headers: json(token) });
      },
    },
    {
      name: 'create playlist, one listener',
      prepare: async (build) => {
        const token = freshToken(build);
        return () => ({ method: 'POST', path: '/api/playlists', headers: json(token), body: JSON.stringify({ name: 'Bench mix', desc: '' }) });
      },
    },
    {
      name: 'add-song, one playlist',
      prepare: async (build) => {
        const token = freshToken(build);
        const { songIds } = data(build);
        const [playlistId] = await createPlaylists(build.url, token, 1);
        return () => ({ method: 'PUT', path: '/api/playlists/add-song', headers: json(token), body: JSON.stringify({ playlistId, songId: songIds[s++ % songIds.length] }) });
      },
    },
    {
      name: 'user-playlists, 2,000 playlists',
      prepare: async (build) => {
        const start = performance.now();
        const first = await call(build.url, 'GET', '/api/playlists/user-playlists', many(build).token);
        log(`user-playlists, 2,000 playlists [${build.name}]: first read ${first.status} in ${(performance.now() - start).toFixed(0)} ms (${(first.data as unknown[]).length} playlists)`);
        const { token } = many(build);
        return () => ({ method: 'GET', path: '/api/playlists/user-playlists', headers: { 'x-auth-token': token, 'accept-encoding': 'gzip' } });
      },
    },
  ];

  const results = new Map<string, CaseResult[]>();
  for (const c of cases) {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const next = await c.prepare(build);
        const r = await measure({ name: c.name, url: build.url, connections: 10, durationSec, warmupSec: 1, next });
        log(`${c.name} [${build.name}] round ${round + 1}: ${r.requestsPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors`);
        const key = `${c.name}|${build.name}`;
        results.set(key, [...(results.get(key) ?? []), r]);
      }
    }
  }
  const slowestAfterChange = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const times = await afterChange(build.url, many(build).token, many(build).ids[0]!, data(build).songIds, 3);
      log(`user-playlists right after an add-song, 10 readers [${build.name}] round ${round + 1}: slowest ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      slowestAfterChange.set(build.name, [...(slowestAfterChange.get(build.name) ?? []), ...times]);
    }
  }

  // A ratio column only when builds are compared in this run.
  const compared = builds.length > 1;
  const ratio = (text: string) => (compared ? ` ${text} |` : '');
  const table: string[] = [];
  table.push(`| Case | ${builds.map((b) => `${b.name} req/s (p99 ms)`).join(' | ')} |${ratio(`${builds[0]!.name} ÷ ${builds.at(-1)!.name}`)}`);
  table.push(`| --- | ${builds.map(() => '---:').join(' | ')} |${ratio('---:')}`);
  for (const c of cases) {
    const per = builds.map((b) => results.get(`${c.name}|${b.name}`) ?? []);
    const rps = per.map((rs) => geomean(rs.map((r) => r.requestsPerSec)));
    const cells = per.map((rs, i) => `${rps[i]!.toFixed(0)} (${Math.max(...rs.map((r) => r.p99Ms))})`);
    table.push(`| ${c.name} | ${cells.join(' | ')} |${ratio(`${(rps[0]! / rps.at(-1)!).toFixed(1)}×`)}`);
  }
  const after = builds.map((b) => slowestAfterChange.get(b.name) ?? []);
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  table.push(`| user-playlists right after a change, slowest of 10 readers (median ms) | ${after.map((v) => median(v).toFixed(0)).join(' | ')} |${ratio(`${(median(after.at(-1)!) / Math.max(median(after[0]!), 1)).toFixed(1)}× faster`)}`);
  for (const line of ['', ...table]) log(line);
  return table;
}
