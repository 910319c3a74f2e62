import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { connectMongoose } from '../db/connection.js';
import { startFerret, type RunningFerret } from '../db/ferretdb.js';
import { createLogger } from '../logger.js';
import { requestOnce, type Outcome } from '../test/loadClient.js';
import { seedLoadData, spawnLoadApi, type LoadData } from '../test/loadData.js';
import { ensureApiBuild, freePort, type SpawnedServer } from '../test/spawnServer.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-outage-'));
const ferretDir = path.join(work, 'ferretdb');
const logger = createLogger('warn');
const DB = 'outage';
let port: number;
let ferret: RunningFerret | undefined;
let api: SpawnedServer;
let data: LoadData;

beforeAll(async () => {
  ensureApiBuild();
  port = await freePort();
  ferret = await startFerret(ferretDir, logger, { port });
  await connectMongoose(ferret.uri, DB);
  data = await seedLoadData(work, { songs: 300, users: 20 });
  await mongoose.disconnect();
  api = await spawnLoadApi(work, ferret.uri, DB);
});

afterAll(async () => {
  await api?.stop();
  await mongoose.disconnect();
  await ferret?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sent {
  at: number;
  what: string;
  outcome: Outcome;
  playlist?: string;
}

/** Listeners that keep creating playlists and reading, until `stop()`; every outcome is kept. */
function listeners(count: number) {
  const sent: Sent[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: count }, async (_, i) => {
    const user = data.users[i % data.users.length]!;
    const auth = { 'x-auth-token': user.token };
    while (running) {
      const name = `outage-${i}-${n++}`;
      sent.push({
        at: Date.now(),
        what: 'POST /api/playlists',
        playlist: name,
        outcome: await requestOnce(api.url, {
          method: 'POST',
          path: '/api/playlists',
          headers: auth,
          body: { name, desc: '' },
        }),
      });
      sent.push({
        at: Date.now(),
        what: 'GET /api/songs?limit=50',
        outcome: await requestOnce(api.url, { path: '/api/songs?limit=50&page=1' }),
      });
      sent.push({
        at: Date.now(),
        what: 'GET /api/playlists/user-playlists',
        outcome: await requestOnce(api.url, {
          path: '/api/playlists/user-playlists',
          headers: auth,
        }),
      });
    }
  });
  return {
    sent,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('database outage under load', () => {
  it('answers 503 {message} while the database is down, recovers by itself, and keeps acknowledged writes', async () => {
    const load = listeners(8);
    await sleep(3000);

    // The outage: FerretDB dies abruptly, mid-load.
    const killedAt = Date.now();
    process.kill(ferret!.pid, 'SIGKILL');
    ferret = undefined;
    await sleep(8000);
    const health = await requestOnce(api.url, { path: '/api/health' });
    expect(health.kind).toBe('answer');
    if (health.kind === 'answer') {
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ db: 'down' });
    }

    // Back on the same port and data folder; the API is not restarted.
    const restartedAt = Date.now();
    ferret = await startFerret(ferretDir, logger, { port });
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restartedAt < 30_000) {
      const res = await requestOnce(api.url, { path: '/api/health' });
      if (res.kind === 'answer' && res.status === 200) recoveredAt = Date.now();
      else await sleep(500);
    }
    expect(recoveredAt, 'the API did not see the database come back within 30 s').toBeGreaterThan(
      0,
    );
    await sleep(2000);
    await load.stop();
    console.log(
      `[outage] recovered ${((recoveredAt - restartedAt) / 1000).toFixed(1)} s after the restart; ${load.sent.length} requests`,
    );

    // Never a hang, a crash or a reset: every request got an answer in bounded time.
    const unanswered = load.sent.filter((s) => s.outcome.kind !== 'answer');
    expect(unanswered.map((s) => `${s.what}: ${s.outcome.kind}`)).toEqual([]);
    expect(Math.max(...load.sent.map((s) => s.outcome.ms))).toBeLessThan(15_000);
    expect(api.child.exitCode).toBeNull();

    // While it was down: 503 with the JSON message, never a 500.
    const answers = load.sent.map((s) => ({
      ...s,
      outcome: s.outcome as Extract<Outcome, { kind: 'answer' }>,
    }));
    for (const s of answers)
      expect(s.outcome.status, `${s.what} → ${s.outcome.body}`).not.toBe(500);
    const failed = answers.filter((s) => s.outcome.status >= 400);
    expect(failed.length).toBeGreaterThan(0);
    for (const s of failed) {
      expect(s.outcome.status, `${s.what} → ${s.outcome.body}`).toBe(503);
      expect(JSON.parse(s.outcome.body)).toEqual({ message: API_MESSAGES.dbUnavailable });
      expect(s.at).toBeGreaterThanOrEqual(killedAt - 1000);
    }
    // And after the recovery everything works again.
    const afterRecovery = answers.filter((s) => s.at > recoveredAt + 500);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((s) => s.outcome.status >= 400).map((s) => s.what)).toEqual([]);

    // Every write acknowledged (201), before or after the outage, is in the database.
    const acknowledged = answers
      .filter((s) => s.playlist && s.outcome.status === 201)
      .map((s) => s.playlist!);
    expect(acknowledged.length).toBeGreaterThan(0);
    await connectMongoose(ferret.uri, DB);
    const stored = new Set(
      (
        await mongoose.connection
          .db!.collection('playlists')
          .find({ name: { $in: acknowledged } })
          .project({ name: 1 })
          .toArray()
      ).map((d) => String(d.name)),
    );
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
