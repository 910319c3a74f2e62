import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectMongoose } from '../db/connection.js';
import { seedLoadData, spawnLoadApi, type LoadData } from '../test/loadData.js';
import { ensureApiBuild, type SpawnedServer } from '../test/spawnServer.js';

/** SOAK_DURATION shortens the run while developing; the suite's contract is 60 s. */
const DURATION_SEC = Number(process.env.SOAK_DURATION ?? 60);
const CLIENTS = 200;
const MB = 1024 * 1024;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-soak-'));
const dbName = `soak_${Date.now()}`;
let api: SpawnedServer;
let data: LoadData;

beforeAll(async () => {
  ensureApiBuild();
  await connectMongoose(inject('dbUri'), dbName);
  data = await seedLoadData(work, { songs: 2000, users: 200 });
  api = await spawnLoadApi(work, inject('dbUri'), dbName);
});

afterAll(async () => {
  await api?.stop();
  await mongoose.connection.dropDatabase().catch(() => undefined);
  await mongoose.disconnect();
  fs.rmSync(work, { recursive: true, force: true });
});

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const QUERIES = ['love', 'rain', 'midnight', 'tere', 'a', 'blue', 'the', 'no-such-song'];

/** What a listener does, weighted: browse pages, search, like, look at likes and playlists, play. */
function listenerRequest(): {
  method: 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
} {
  const user = pick(data.users);
  const auth = { 'x-auth-token': user.token, 'accept-encoding': 'gzip' };
  const roll = Math.random();
  if (roll < 0.25)
    return {
      method: 'GET',
      path: `/api/songs?limit=50&page=${1 + Math.floor(Math.random() * 40)}`,
      headers: auth,
    };
  if (roll < 0.33)
    return { method: 'GET', path: '/api/songs', headers: { 'accept-encoding': 'gzip' } };
  if (roll < 0.48)
    return { method: 'GET', path: `/api/search?search=${pick(QUERIES)}`, headers: auth };
  if (roll < 0.63)
    return { method: 'PUT', path: `/api/songs/like/${pick(data.songIds)}`, headers: auth };
  if (roll < 0.73) return { method: 'GET', path: '/api/songs/like/ids', headers: auth };
  if (roll < 0.88) return { method: 'GET', path: '/api/playlists/user-playlists', headers: auth };
  const start = Math.floor(Math.random() * 15) * 65536;
  return {
    method: 'GET',
    path: `/media/audio/${data.audioFile}`,
    headers: { authorization: `Bearer ${user.token}`, range: `bytes=${start}-${start + 65535}` },
  };
}

function load(connections: number, durationSec: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: api.url,
        connections,
        duration: durationSec,
        timeout: 30,
        requests: [{ setupRequest: (req) => ({ ...req, ...listenerRequest() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`soak: ${CLIENTS} concurrent listeners for ${DURATION_SEC} s`, () => {
  it('answers every request without an error, and memory returns near its baseline', async () => {
    await load(10, 5); // warm caches and the JIT, so the baseline is the steady state
    await sleep(3000);
    const baseline = api.rss();

    const result = await load(CLIENTS, DURATION_SEC);
    const peak = api.peakRss();
    console.log(
      `[soak] ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, RSS baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`,
    );
    expect(result.requests.total).toBeGreaterThan(DURATION_SEC * 10);
    expect(result.errors, 'connection errors').toBe(0);
    expect(result.timeouts, 'timeouts').toBe(0);
    expect(result.non2xx, `non-2xx answers: ${JSON.stringify(result.statusCodeStats)}`).toBe(0);
    expect(api.child.exitCode).toBeNull();

    // Memory settles back: within max(64 MB, 50 %) of the baseline within 30 s of idleness.
    const near = baseline + Math.max(64 * MB, baseline * 0.5);
    let after = api.rss();
    for (let waited = 0; after > near && waited < 30_000; waited += 1000) {
      await sleep(1000);
      after = api.rss();
    }
    console.log(
      `[soak] RSS after: ${(after / MB).toFixed(0)} MB (limit ${(near / MB).toFixed(0)} MB)`,
    );
    expect(after).toBeLessThanOrEqual(near);
    // Healthy again once the requests autocannon abandoned at the deadline have drained.
    let healthy = false;
    for (let waited = 0; !healthy && waited < 30_000; waited += 1000) {
      healthy = (await fetch(`${api.url}/api/health`)).status === 200;
      if (!healthy) await sleep(1000);
    }
    expect(healthy).toBe(true);
  });
});
