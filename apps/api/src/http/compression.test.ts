import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedCompression } from './compression.js';

const body = JSON.stringify({ data: 'x'.repeat(4096) });
const releases: (() => void)[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(boundedCompression(2));
  // Starts a compressed answer and holds it open until the test releases it.
  app.get('/held', (_req, res) => {
    res.type('json').write(body.slice(0, 2048));
    releases.push(() => res.end(body.slice(2048)));
  });
  app.get('/list', (_req, res) => void res.type('json').send(body));
  app.get('/small', (_req, res) => void res.json({ ok: true }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

interface Answer {
  encoding?: string;
  vary?: string;
  done: Promise<Buffer>;
}

/** Resolves with the headers once they arrive; `done` with the raw (still encoded) body. */
function get(path: string, acceptEncoding = 'gzip, deflate'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        const done = new Promise<Buffer>((ok) => res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => ok(Buffer.concat(chunks))));
        resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, done });
      })
      .on('error', reject);
  });
}

describe('bounded compression', () => {
  it('compresses at most the bound at once, sends the rest as they are, and compresses again once one ends', async () => {
    const held = [await get('/held'), await get('/held')];
    expect(held.map((a) => a.encoding)).toEqual(['gzip', 'gzip']);

    const over = await get('/list');
    expect(over.encoding).toBeUndefined();
    expect(over.vary).toMatch(/Accept-Encoding/);
    expect((await over.done).toString()).toBe(body);

    releases.shift()!();
    await held[0]!.done;
    const again = await get('/list');
    expect(again.encoding).toBe('gzip');
    await again.done;

    releases.shift()!();
    await held[1]!.done;
  });

  it('does not count answers that compression sends as they are', async () => {
    const held = [await get('/held'), await get('/held', 'identity'), await get('/held', 'gzip;q=0')];
    expect(held.map((a) => a.encoding)).toEqual(['gzip', undefined, undefined]);
    const list = await get('/list');
    expect(list.encoding).toBe('gzip');
    await list.done;
    for (const release of releases.splice(0)) release();
    await Promise.all(held.map((a) => a.done));
  });
});
