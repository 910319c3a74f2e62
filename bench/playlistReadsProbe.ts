import fs from 'node:fs';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { measure } from './lib/load.js';
import { runSeed } from './lib/hotPaths.js';
import { writeFolder } from './lib/scanBench.js';
import { folderServerEnv, json, login, scanDone } from './lib/scaleBench.js';

/*
 * One listener's 2,000 playlists, builds side by side: each build on its own data folder (same
 * music folder), all running at once, measured alternately round by round: user-playlists at 10
 * connections (steady), then right after an add-song, the slowest of 10 readers, per change.
 * node --import tsx bench/playlistReadsProbe.ts <work> <files> <rounds> <seconds> <entry>[ <entry>…]
 */
const [work, filesArg, roundsArg, secondsArg, ...entries] = process.argv.slice(2);
const files = Number(filesArg);
const rounds = Number(roundsArg);
const durationSec = Number(secondsArg);
const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@probe.bench', password: 'Pr0be-Bench!admin' };
const log = (line: string) => console.error(line);
const music = path.join(work!, `music-${files}`);
if (!fs.existsSync(music)) writeFolder(music, files);

async function call(url: string, method: string, p: string, token: string, body?: unknown) {
  const res = await fetch(`${url}${p}`, { method, headers: { 'content-type': 'application/json', 'x-auth-token': token, 'accept-encoding': 'gzip' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as { data?: unknown }).data : undefined };
}

async function started(entry: string, i: number) {
  const dataDir = path.join(work!, `pl-data-${files}-${i}`);
  const fresh = !fs.existsSync(dataDir);
  const env = folderServerEnv(dataDir, music, 'probe-secret-0123456789abcdef0123456789abcdef', ADMIN);
  if (fresh) {
    runSeed(root, dataDir, ['--users', '3']);
  }
  const launched = Date.now();
  const api = await spawnApiServer(env, { logFile: path.join(work!, `pl-api-${i}.log`), entry, timeoutMs: 300_000 });
  await scanDone(api.url, await login(api.url, ADMIN.email, ADMIN.password), launched, log);
  const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
  const page = await json<{ data: { _id: string }[] }>(await fetch(`${api.url}/api/songs?limit=500&page=1`, { headers: { 'x-auth-token': token } }));
  let ids = ((await call(api.url, 'GET', '/api/playlists/user-playlists', token)).data as { _id: string }[]).map((p) => p._id);
  for (let at = ids.length; at < 2000; at += 20) {
    await Promise.all(Array.from({ length: Math.min(20, 2000 - at) }, (_, k) => call(api.url, 'POST', '/api/playlists', token, { name: `Many ${at + k}`, desc: '' })));
  }
  ids = ((await call(api.url, 'GET', '/api/playlists/user-playlists', token)).data as { _id: string }[]).map((p) => p._id);
  return { api, token, songIds: page.data.map((s) => s._id), playlistId: ids.at(-1)! };
}

const builds = [];
for (const [i, entry] of entries.entries()) builds.push(await started(entry, i));
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
let change = 0;
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
  for (const i of order) {
    const { api, token, songIds, playlistId } = builds[i]!;
    const r = await measure({ name: 'steady', url: api.url, connections: 10, durationSec, warmupSec: 1, next: () => ({ method: 'GET', path: '/api/playlists/user-playlists', headers: { 'x-auth-token': token, 'accept-encoding': 'gzip' } }) });
    const slowest: number[] = [];
    for (let c = 0; c < 5; c++) {
      await call(api.url, 'GET', '/api/playlists/user-playlists', token);
      const added = await call(api.url, 'PUT', '/api/playlists/add-song', token, { playlistId, songId: songIds[(change++ * 17 + 3) % songIds.length] });
      if (added.status !== 200) throw new Error(`add-song ${added.status}`);
      const times = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const t = performance.now();
          const res = await fetch(`${api.url}/api/playlists/user-playlists`, { headers: { 'x-auth-token': token, 'accept-encoding': 'gzip' } });
          await res.arrayBuffer();
          return performance.now() - t;
        }),
      );
      slowest.push(Math.round(Math.max(...times)));
    }
    console.log(JSON.stringify({ build: i, round, rps: Math.round(r.requestsPerSec), p50: r.p50Ms, p99: r.p99Ms, errors: r.errors, afterChange: slowest, load: load() }));
  }
}
for (const b of builds) await b.api.stop();
