import fs from 'node:fs';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { login } from './lib/scaleBench.js';
import { measure } from './lib/load.js';
import { copySeeded, seededPhraseForms, seededServerEnv } from './lib/seededBench.js';

/*
 * The song-list page alone, per build in the order given, on a copy of a seeded folder: started,
 * left idle 8 s (the CPU it spends meanwhile is printed), then three 5 s rounds at 10 connections.
 * node --import tsx bench/listProbe.ts <seededDir> <workDir> <entry>[ <entry>…]
 */

const [seeded, work, ...entries] = process.argv.slice(2);
const cpu = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 13).reduce((a, b) => a + Number(b), 0);
for (const [i, entry] of entries.entries()) {
  const dataDir = path.join(work!, `list-${i}`);
  copySeeded(seeded!, dataDir);
  const api = await spawnApiServer(seededServerEnv(dataDir), { entry, timeoutMs: 600_000, logFile: path.join(work!, `list-${i}.log`) });
  const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
  await fetch(`${api.url}/api/browse/albums?sort=name&limit=60&page=3`, { headers: { 'x-auth-token': token } });
  await new Promise((r) => setTimeout(r, Number(process.env.IDLE_MS ?? 8000)));
  if (process.env.SEARCH_FIRST === '1') {
    let n = 0;
    await measure({ name: 'search', url: api.url, connections: 10, durationSec: 6, warmupSec: 0, next: () => ({ path: `/api/search?search=${encodeURIComponent(seededPhraseForms(n)[n++ % 3]!)}`, headers: { 'x-auth-token': token } }) });
  }
  const c0 = cpu(api.pid!);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = cpu(api.pid!) - c0;
  const rows: string[] = [`idle CPU ${idle * 10} ms over 3 s`];
  for (let round = 0; round < 3; round += 1) {
    const r = await measure({ name: 'list', url: api.url, connections: 10, durationSec: 5, warmupSec: 0, next: () => ({ path: `/api/songs?limit=50&page=${1 + Math.floor(Math.random() * 20000)}`, headers: { 'x-auth-token': token } }) });
    rows.push(`list ${r.requestsPerSec.toFixed(0)} req/s p99 ${r.p99Ms}`);
  }
  console.log(entry, rows.join('; '));
  await api.stop();
}
