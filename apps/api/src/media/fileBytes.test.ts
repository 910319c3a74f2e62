import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { CHUNK_BYTES, sendFileBytes } from './fileBytes.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-filebytes-'));
const file = path.join(dir, 'track.mp3');
const bytes = crypto.randomBytes(CHUNK_BYTES * 5 + 123);
fs.writeFileSync(file, bytes);
const warnings: unknown[] = [];
const logger = createLogger('silent');
logger.warn = ((obj: unknown) => void warnings.push(obj)) as typeof logger.warn;

let server: http.Server;
let url: string;
beforeAll(async () => {
  // GET /?start=a&end=b sends those bytes of the file (end may lie past it: a file that shrank).
  server = http.createServer((req, res) => {
    const query = new URL(req.url!, 'http://x').searchParams;
    const [start, end] = [Number(query.get('start')), Number(query.get('end'))];
    res.writeHead(200, { 'Content-Length': String(end - start + 1) });
    void sendFileBytes(res, file, start, end, logger);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (start: number, end: number) => Buffer.from(await (await fetch(`${url}/?start=${start}&end=${end}`)).arrayBuffer());

describe("sending a file's bytes in pooled chunks", () => {
  it('sends exactly the asked bytes, across chunk boundaries, to many listeners at once', async () => {
    const ranges = Array.from({ length: 40 }, (_, i) => {
      const start = (i * 7919) % (bytes.length - 1);
      return [start, Math.min(bytes.length - 1, start + ((i * 104729) % (CHUNK_BYTES * 3)))] as const;
    });
    const bodies = await Promise.all(ranges.map(([start, end]) => get(start, end)));
    bodies.forEach((body, i) => expect(body.equals(bytes.subarray(ranges[i]![0], ranges[i]![1] + 1))).toBe(true));
    expect((await get(0, bytes.length - 1)).equals(bytes)).toBe(true);
  });

  it('stops quietly when the listener goes away, and later answers are still right', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}/?start=0&end=${bytes.length - 1}`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings).toEqual([]);
    const bodies = await Promise.all([get(1, CHUNK_BYTES * 2), get(CHUNK_BYTES, CHUNK_BYTES * 4 + 5)]);
    expect(bodies[0]!.equals(bytes.subarray(1, CHUNK_BYTES * 2 + 1))).toBe(true);
    expect(bodies[1]!.equals(bytes.subarray(CHUNK_BYTES, CHUNK_BYTES * 4 + 6))).toBe(true);
  });

  it('aborts the answer, rather than sending a short one, when the file ends before the range', async () => {
    await expect(get(bytes.length - 10, bytes.length + 100)).rejects.toThrow();
    expect(warnings).toHaveLength(1);
  });
});
