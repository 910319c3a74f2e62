import fs from 'node:fs';
import path from 'node:path';
import { spawnApiServer } from '../apps/api/src/test/spawnServer.js';
import { copySeeded, seededServerEnv } from './lib/seededBench.js';

/*
 * What a request meets in the first seconds after a restart, while the views warm: per build (in
 * turn, each round reversing the order), a restart on a fresh copy of a seeded data folder, then
 * `/api/health` every 10 ms for 10 s; the worst wait, when it came, the p99 and the waits over 30 ms.
 * node --import tsx bench/stallProbe.ts <seededDir> <rounds> <entry>[ <entry>…]
 * (a SEEDED_DIR of `SEEDED=… npm run bench`).
 */
const [seeded, roundsArg, ...entries] = process.argv.slice(2);
const PROBE_MS = 10_000;

for (let round = 0; round < Number(roundsArg); round += 1) {
  for (const entry of round % 2 ? [...entries].reverse() : entries) {
    const dataDir = `${seeded}-stall-probe`;
    copySeeded(seeded!, dataDir);
    const api = await spawnApiServer(seededServerEnv(dataDir), { logFile: path.join(dataDir, 'probe.log'), timeoutMs: 600_000, entry });
    const waits: { at: number; ms: number }[] = [];
    const start = performance.now();
    while (performance.now() - start < PROBE_MS) {
      const sent = performance.now();
      await (await fetch(`${api.url}/api/health`)).arrayBuffer();
      waits.push({ at: sent - start, ms: performance.now() - sent });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const worst = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
    const sorted = waits.map((w) => w.ms).sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        entry,
        round,
        probes: waits.length,
        worstMs: Math.round(worst.ms),
        worstAtMs: Math.round(worst.at),
        p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)]!),
        over30ms: sorted.filter((ms) => ms > 30).length,
      }),
    );
  }
}
