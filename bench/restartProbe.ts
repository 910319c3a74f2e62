import fs from 'node:fs';
import { processTree } from './lib/processes.js';
import http from 'node:http';
import path from 'node:path';
import { spawnApiServer, type SpawnedServer } from '../apps/api/src/test/spawnServer.js';

/*
 * A focused restart measurement on an existing data folder (e.g. one seeded with 100,000 songs):
 * node --import tsx bench/restartProbe.ts <dataDir> <entry>[ <entry>…]
 * For each build: a start that makes the catalogue's file, then a measured restart: healthy, the
 * first search, the first and second full list, then a steady state of searches and full lists
 * with the API's and the engine's RSS sampled.
 */

const [dataDir, ...entries] = process.argv.slice(2);
const ADMIN = { email: 'admin@probe.bench', password: 'Pr0be-Bench!admin' };
const env = {
  NODE_ENV: 'production',
  MALLOC_ARENA_MAX: '2',
  LOG_LEVEL: 'info',
  DATA_DIR: dataDir!,
  JWT_SECRET: 'probe-bench-secret-0123456789abcdef0123456789abcdef',
  SEED_DEMO: 'false',
  RATE_LIMITS: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

const kb = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (k: number) => Math.round(k / 1024);

/** Milliseconds to the whole gzipped body, undecoded (the server's cost, not the client's parse). */
function rawGet(url: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ ms: Math.round(performance.now() - t), bytes }));
      })
      .on('error', reject);
  });
}

async function probe(entry: string) {
  const spawn = () => spawnApiServer(env, { logFile: path.join(dataDir!, `probe-${path.basename(path.dirname(path.dirname(path.dirname(entry))))}.log`), entry, timeoutMs: 300_000 });
  let api: SpawnedServer = await spawn();
  const login = await fetch(`${api.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const token = ((await login.json()) as { authToken: string }).authToken;
  await (await fetch(`${api.url}/api/songs`)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 3000));
  await api.stop();

  const out: Record<string, number | string> = { entry };
  const restarted = Date.now();
  api = await spawn();
  out.healthyMs = Date.now() - restarted;
  let peak = 0;
  let breakdown = '';
  const sampler = setInterval(() => {
    const each = processTree(api.pid).map((p) => ({ p, rss: kb(p, 'VmRSS') }));
    const sum = each.reduce((a, b) => a + b.rss, 0);
    if (sum > peak) {
      peak = sum;
      breakdown = each.map(({ p, rss }) => `${p === api.pid ? 'api' : 'engine'} ${mb(rss)}`).join(', ');
    }
  }, 100);
  let t = Date.now();
  await (await fetch(`${api.url}/api/search?search=${encodeURIComponent('golden rain 1')}`, { headers: { 'x-auth-token': token } })).json();
  out.firstSearchMs = Date.now() - t;
  t = Date.now();
  const full = (await (await fetch(`${api.url}/api/songs`)).json()) as { data: unknown[] };
  out.firstFullListMs = Date.now() - t;
  out.songs = full.data.length;
  t = Date.now();
  await (await fetch(`${api.url}/api/songs`)).arrayBuffer();
  out.secondFullListMs = Date.now() - t;
  out.thirdFullListRawMs = (await rawGet(`${api.url}/api/songs`)).ms;
  await new Promise((r) => setTimeout(r, 5000));
  out.rawFullListAfter5sMs = (await rawGet(`${api.url}/api/songs`)).ms;
  for (let i = 0; i < 300; i += 1) {
    await fetch(`${api.url}/api/search?search=${encodeURIComponent(`song ${i} ${i % 7}`)}`, { headers: { 'x-auth-token': token } }).then((r) => r.arrayBuffer());
    if (i % 50 === 0) await rawGet(`${api.url}/api/songs`);
  }
  out.apiRssMb = mb(kb(api.pid, 'VmRSS'));
  out.apiHwmMb = mb(kb(api.pid, 'VmHWM'));
  clearInterval(sampler);
  out.peakTreeMb = mb(peak);
  out.peakBreakdown = breakdown;
  await api.stop();
  console.log(JSON.stringify(out));
}

for (const entry of entries) await probe(entry);
