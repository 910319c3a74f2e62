import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type mongoose from 'mongoose';
import type { CaseResult } from './load.js';

/**
 * A plain Node http server that streams one file with fs.createReadStream, honouring a single
 * `Range: bytes=a-b`: no framework, no headers beyond the essentials. The media route's yardstick.
 */
export async function plainFileServer(
  file: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const size = fs.statSync(file).size;
  const server = http.createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'Content-Type': 'audio/mpeg',
      'Content-Length': end - start + 1,
      'Accept-Ranges': 'bytes',
      ...(m ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    });
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `query` in `concurrency` loops for `durationSec` (after a warm-up) and reports it like a load case. */
export async function driverLoop(
  name: string,
  query: () => Promise<unknown>,
  opts: { concurrency: number; durationSec: number; warmupSec: number; note?: string },
): Promise<CaseResult> {
  const loop = async (seconds: number, latencies?: number[]) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          await query();
          latencies?.push(performance.now() - t);
        }
      }),
    );
  };
  await loop(opts.warmupSec);
  const latencies: number[] = [];
  await loop(opts.durationSec, latencies);
  latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSec: latencies.length / opts.durationSec,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors: 0,
    peakRssBytes: 0,
    throughputMBps: 0,
    note: opts.note,
  };
}

/** The query behind GET /api/songs (songs.service listSongs): projection, newest first, lean. */
export function songListQuery(db: mongoose.mongo.Db, limit?: number) {
  return () => {
    const cursor = db
      .collection('songs')
      .find({}, { projection: { name: 1, artist: 1, img: 1, song: 1, duration: 1 } })
      .sort({ createdAt: -1, _id: -1 });
    if (limit) cursor.limit(limit);
    return cursor.toArray();
  };
}
