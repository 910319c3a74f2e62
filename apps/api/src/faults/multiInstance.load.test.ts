import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSaavnFake, type SaavnFake } from '@samaa/test-fakes';
import { startFerret, type RunningFerret } from '../db/ferretdb.js';
import { createLogger } from '../logger.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { hasRedisServer, startRedisServer, type RunningRedis } from '../test/redisServer.js';
import { ensureApiBuild, spawnApiServer, type SpawnedServer } from '../test/spawnServer.js';

/*
 * Two API processes behind one database server (the embedded engine, started once and shared:
 * for this test only; the README asks several processes to use MongoDB) and one Redis, which is
 * killed and restarted midway.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scale-'));
const ADMIN = { email: 'scale.admin@example.com', password: 'Sc4le!Admin' };
let ferret: RunningFerret;
let redis: RunningRedis;
let saavn: SaavnFake;
let a: SpawnedServer;
let b: SpawnedServer;
let token: string;

async function call(server: SpawnedServer, method: string, p: string, opts: { ip?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': opts.ip ?? '10.0.0.1',
      ...(opts.token ? { 'x-auth-token': opts.token } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

const login = (server: SpawnedServer, ip: string, email: string, password: string) =>
  call(server, 'POST', '/api/login', { ip, body: { email, password } });

beforeAll(async () => {
  if (!hasRedisServer()) throw new Error('redis-server is not on the PATH: apt-get install -y redis-server');
  ensureApiBuild();
  ferret = await startFerret(path.join(work, 'ferretdb'), createLogger('warn'));
  redis = await startRedisServer();
  saavn = await startSaavnFake();
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    MONGODB_URI: ferret.uri,
    MONGODB_DB_NAME: 'scale',
    REDIS_URL: redis.url,
    JWT_SECRET: 'scale-test-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'false',
    RATE_LIMITS: 'true',
    TRUST_PROXY: 'true',
    SAAVN_API_URL: saavn.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  a = await spawnApiServer({ ...env, DATA_DIR: path.join(work, 'a') }, { logFile: path.join(work, 'a.log') });
  b = await spawnApiServer({ ...env, DATA_DIR: path.join(work, 'b') }, { logFile: path.join(work, 'b.log') });
  token = String((await login(a, '10.9.9.9', ADMIN.email, ADMIN.password)).body.authToken);
});

afterAll(async () => {
  await a?.stop('SIGKILL');
  await b?.stop('SIGKILL');
  await redis?.stop();
  await saavn?.close();
  await ferret?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('two API processes sharing Redis', () => {
  it('hold the login limit together', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await login(i % 2 ? b : a, '10.1.1.1', ADMIN.email, `Wr0ng!pass${i}`);
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    expect((await login(a, '10.1.1.1', ADMIN.email, ADMIN.password)).status).toBe(429);
    expect((await login(b, '10.1.1.1', ADMIN.email, ADMIN.password)).status).toBe(429);
    // The owner, from another address, on either.
    expect((await login(b, '10.1.1.2', ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('hold the search limit together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push((await call(i % 2 ? b : a, 'GET', '/api/search?search=love', { ip: '10.2.2.2', token })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('serve a JioSaavn answer fetched through one from the cache through the other', async () => {
    saavn.reset();
    const first = await call(a, 'GET', '/api/saavn/search/playlists?query=lofi', { ip: '10.3.3.3', token });
    expect(first.status).toBe(200);
    expect(saavn.calls).toBe(1);
    const second = await call(b, 'GET', '/api/saavn/search/playlists?query=lofi', { ip: '10.3.3.3', token });
    expect(second.body).toEqual(first.body);
    expect(saavn.calls).toBe(1);
  });

  it('show a song created on one in the other list within 100 ms', async () => {
    expect((await call(b, 'GET', '/api/songs')).status).toBe(200); // b has a snapshot
    const song = { name: 'Shared', artist: 'Scale', img: 'https://example.com/s.jpg', song: '/media/audio/s.mp3' };
    const created = await call(a, 'POST', '/api/songs', { token, body: song });
    expect(created.status).toBe(201);
    const id = (created.body.data as { _id: string })._id;
    const started = Date.now();
    let seenAfter = Infinity;
    while (Date.now() - started < 2000) {
      const list = await call(b, 'GET', '/api/songs');
      if ((list.body.data as { _id: string }[]).some((s) => s._id === id)) {
        seenAfter = Date.now() - started;
        break;
      }
    }
    console.log(`[scale] song created on A listed by B after ${seenAfter} ms`);
    expect(seenAfter).toBeLessThanOrEqual(100);
  });

  it('refuse a user deleted through one on the other at once', async () => {
    const email = 'scale.listener@example.com';
    const password = 'Sc4le!Listen';
    expect((await call(a, 'POST', '/api/users', { ip: '10.5.5.5', body: { name: 'Scale Listener', email, password, gender: 'female' } })).status).toBe(200);
    const mail = (await readOutbox(path.join(work, 'a', 'mail'))).at(-1)!;
    const link = new URL(findVerificationLink(mail.parsed.text)!);
    expect((await call(a, 'GET', `/api${link.pathname}`, { ip: '10.5.5.5' })).status).toBe(200);
    const listener = String((await login(b, '10.5.5.6', email, password)).body.authToken);
    const listenerId = (JSON.parse(Buffer.from(listener.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
    expect((await call(b, 'GET', '/api/songs/like/ids', { token: listener })).status).toBe(200); // b knows them now
    expect((await call(a, 'DELETE', `/api/users/${listenerId}`, { token })).status).toBe(200);
    const started = Date.now();
    while ((await call(b, 'GET', '/api/songs/like/ids', { token: listener })).status === 200) {
      expect(Date.now() - started).toBeLessThan(5000); // the documented bound without Redis
    }
    console.log(`[scale] user deleted on A refused by B after ${Date.now() - started} ms`);
    expect(Date.now() - started).toBeLessThanOrEqual(100);
  });

  it('keep answering 2xx or 429 while Redis is down, report it, and share again once it is back', async () => {
    await redis.stop();
    const health = async (server: SpawnedServer) => (await call(server, 'GET', '/api/health')).body;
    for (const server of [a, b]) {
      await expect.poll(() => health(server), { timeout: 5000 }).toMatchObject({ status: 'ok', redis: 'down' });
    }
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const server = i % 2 ? b : a;
      statuses.push((await call(server, 'GET', '/api/search?search=rain', { ip: '10.4.4.4', token })).status);
      statuses.push((await call(server, 'GET', '/api/songs')).status);
      statuses.push((await login(server, '10.4.4.5', ADMIN.email, i % 3 ? 'Wr0ng!pass' : ADMIN.password)).status);
    }
    expect(statuses.filter((s) => ![200, 401, 429].includes(s))).toEqual([]);

    redis = await startRedisServer(redis.port);
    for (const server of [a, b]) {
      await expect.poll(() => health(server), { timeout: 10_000 }).toMatchObject({ status: 'ok', redis: 'up' });
    }
  });
});
