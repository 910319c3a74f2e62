import path from 'node:path';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/api/src/cli/seed.js';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { login } from './lib/scaleBench.js';
import { copySeeded, seededPhraseForms, seededServerEnv } from './lib/seededBench.js';
/*
 * Whether two builds give the same search answers on a seeded folder: 1,287 queries (the seeded
 * bench's three phrase forms for every seventh phrase, and a few fixed ones), compared byte for byte.
 * node --import tsx bench/sameAnswers.ts <seededDir> <workDir> <entryA> <entryB>
 */

const [seeded, work, a, b] = process.argv.slice(2);
const answers: string[][] = [];
for (const [i, entry] of [a!, b!].entries()) {
  const dataDir = path.join(work!, `same-${i}`);
  copySeeded(seeded!, dataDir);
  const api = await spawnApiServer(seededServerEnv(dataDir), { entry, timeoutMs: 600_000, logFile: path.join(work!, `same-${i}.log`) });
  const token = await login(api.url, `listener1@${SEED_EMAIL_DOMAIN}`, SEED_PASSWORD);
  const out: string[] = [];
  for (let n = 0; n < 1000; n += 7) for (const q of [...seededPhraseForms(n), 'midnight', 'rain aria', 'golden r', 'midnigt rain', 'aria kapoor', 'blue moon meera']) {
    out.push(await (await fetch(`${api.url}/api/search?search=${encodeURIComponent(q)}`, { headers: { 'x-auth-token': token } })).text());
  }
  answers.push(out);
  await api.stop();
}
const differ = answers[0]!.filter((x, i) => x !== answers[1]![i]).length;
console.log(`answers: ${answers[0]!.length}, differing: ${differ}, non-empty: ${answers[0]!.filter((x) => x.includes('"_id"')).length}`);
