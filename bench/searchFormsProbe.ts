import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { login } from './lib/scaleBench.js';
import { measure } from './lib/load.js';
import { copySeeded, seededServerEnv, seededPhraseForms } from './lib/seededBench.js';

/*
 * The seeded bench's search, one phrase form at a time (0: three whole words, 1: name, prefix,
 * noun, 2: a typo and a number), per build in the order given, each on its own copy of a seeded
 * folder: 8 s at 10 connections, 3 s after healthy.
 * FORM=0 node --import tsx bench/searchFormsProbe.ts <seededDir> <workDir> <entry>[ <entry>…]
 */

const [seeded, work, ...entries] = process.argv.slice(2);
const form = Number(process.env.FORM ?? 0);
for (const [i, entry] of entries.entries()) {
  const dataDir = path.join(work!, `search-${i}`);
  copySeeded(seeded!, dataDir);
  const api = await spawnApiServer(seededServerEnv(dataDir), { entry, timeoutMs: 600_000, logFile: path.join(work!, `search-${i}.log`) });
  const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  let n = 0;
  const next = () => ({ path: `/api/search?search=${encodeURIComponent(seededPhraseForms(n++)[form]!)}`, headers: { 'x-auth-token': token } });
  const r = await measure({ name: `form ${form}`, url: api.url, connections: 10, durationSec: 8, warmupSec: 0, next });
  console.log(`${entry} form ${form}: ${r.requestsPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`);
  await api.stop();
}
