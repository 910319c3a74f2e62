import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { login } from './lib/scaleBench.js';
import { measure } from './lib/load.js';
import { copySeeded, seededServerEnv } from './lib/seededBench.js';
const [seeded, work, entry] = process.argv.slice(2);
const dataDir = path.join(work!, 'search');
copySeeded(seeded!, dataDir);
const api = await spawnApiServer(seededServerEnv(dataDir), { entry, timeoutMs: 600_000, logFile: path.join(work!, 'search.log') });
const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
await new Promise((r) => setTimeout(r, 3000));
const WORDS = ['Midnight', 'Golden', 'Broken', 'Electric', 'Silent', 'Burning', 'Velvet', 'Neon', 'Crimson', 'Blue'];
const NOUNS = ['Rain', 'Hearts', 'Skyline', 'Dreams', 'River', 'Fire', 'Echoes', 'Moon', 'Garden', 'Ocean'];
const NAMES = ['Aria', 'Arjun', 'Maya', 'Leo', 'Nina', 'Kabir', 'Zara', 'Priya', 'Omar', 'Meera'];
let n = 0;
const kind = process.env.KIND ?? 'all';
const next = () => {
  const i = n++;
  const word = WORDS[i % 10]!; const noun = NOUNS[Math.floor(i / 10) % 10]!; const name = NAMES[Math.floor(i / 100) % 10]!;
  const forms = [`${word} ${noun} ${name}`, `${name} ${word.slice(0, 4)} ${noun}`, `${word}x ${noun} ${i}`];
  const f = kind === 'all' ? forms[i % 3]! : forms[Number(kind)]!;
  return `/api/search?search=${encodeURIComponent(f)}`;
};
const profiling = process.env.PROFILE === '1';
if (profiling) process.kill(api.pid!, 'SIGUSR2');
const r = await measure({ name: 's', url: api.url, connections: 10, durationSec: 8, warmupSec: 0, next: () => ({ path: next(), headers: { 'x-auth-token': token } }) });
if (profiling) {
  process.kill(api.pid!, 'SIGWINCH');
  await new Promise((res) => setTimeout(res, 2000));
}
console.log(path.basename(path.dirname(path.dirname(path.dirname(path.dirname(entry!))))), kind, r.requestsPerSec.toFixed(0), 'req/s p50', r.p50Ms, 'p99', r.p99Ms);
await api.stop();
