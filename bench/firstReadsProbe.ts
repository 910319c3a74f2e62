import fs from 'node:fs';
import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer, type SpawnedServer } from '../apps/api/src/test/spawnServer.js';
import { runSeed } from './lib/hotPaths.js';
import { writeFolder } from './lib/scanBench.js';
import { folderServerEnv, gzippedBody, json, login, scanDone, uncachedPhrases } from './lib/scaleBench.js';

/*
 * The operator's restart, repeated: per build (alternating), a restart on a data folder first
 * scanned by that build, then healthy, the first full list, a listener's login and the first
 * searches, timed from the client.
 * node --import tsx bench/firstReadsProbe.ts <work> <files> <rounds> <entry>[ <entry>…]
 * PROBE_ENV adds settings to the server's, e.g. the engine trace (lib/engineTrace.mjs):
 * PROBE_ENV='{"NODE_OPTIONS":"--import <abs>/bench/lib/engineTrace.mjs","TRACE_API_DIR":"<abs>/apps/api"}'.
 * Each restart and each first search are marked in the build's log (PROBE lines) for reading beside it.
 */
const [work, filesArg, roundsArg, ...entries] = process.argv.slice(2);
const files = Number(filesArg);
const rounds = Number(roundsArg);
const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@probe.bench', password: 'Pr0be-Bench!admin' };
const extra = JSON.parse(process.env.PROBE_ENV ?? '{}') as Record<string, string>;
const log = (line: string) => console.error(line);

const music = path.join(work!, `music-${files}`);
if (!fs.existsSync(music)) writeFolder(music, files);

async function prepared(entry: string, i: number) {
  const dataDir = path.join(work!, `data-${files}-${i}`);
  const env = { ...folderServerEnv(dataDir, music, 'probe-secret-0123456789abcdef0123456789abcdef', ADMIN), ...extra };
  const logFile = path.join(work!, `api-${i}.log`);
  if (!fs.existsSync(dataDir)) {
    runSeed(root, dataDir, ['--users', '20']);
    const launched = Date.now();
    const api = await spawnApiServer(env, { logFile, entry, timeoutMs: 300_000 });
    await scanDone(api.url, await login(api.url, ADMIN.email, ADMIN.password), launched, log);
    await api.stop();
  }
  return { env, logFile };
}

const setups = [];
for (const [i, entry] of entries.entries()) setups.push(await prepared(entry, i));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [...entries.keys()] : [...entries.keys()].reverse();
  for (const i of order) {
    const { env, logFile } = setups[i]!;
    fs.appendFileSync(logFile, `PROBE round ${round} restart at ${Date.now()}\n`);
    const restarted = Date.now();
    const api: SpawnedServer = await spawnApiServer(env, { logFile, entry: entries[i], timeoutMs: 300_000 });
    const healthy = Date.now() - restarted;
    let t = Date.now();
    await gzippedBody(`${api.url}/api/songs`);
    const list = Date.now() - t;
    const listener = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
    // The operator bench's phrases: the same first one every restart.
    const phrase = uncachedPhrases(files);
    const times: number[] = [];
    const starts: number[] = [];
    for (let n = 0; n < 10; n++) {
      starts.push(Date.now());
      t = performance.now();
      await json(await fetch(`${api.url}/api/search?search=${encodeURIComponent(phrase())}`, { headers: { 'x-auth-token': listener, 'accept-encoding': 'gzip' } }));
      times.push(performance.now() - t);
    }
    fs.appendFileSync(logFile, `PROBE first search start=${starts[0]} ms=${times[0]!.toFixed(1)}\n`);
    console.log(JSON.stringify({ build: i, round, healthy, list, first: Math.round(times[0]!), next: times.slice(1).map(Math.round), load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0] }));
    await new Promise((r) => setTimeout(r, 1500));
    await api.stop();
  }
}
