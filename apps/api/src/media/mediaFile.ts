import fs from 'node:fs';
import type { Request, Response } from 'express';
import { HttpError, notFound } from '../http/errors.js';
import type { Logger } from '../logger.js';
import { sendFileBytes } from './fileBytes.js';

/** Stored names embed their upload time, so a URL's bytes never change. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The same for private media: the browser keeps it, shared caches must not. */
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Parses a single `bytes=` range against a size: a range, 'unsatisfiable', or undefined when the
 * header is absent, malformed or asks for several ranges (then the whole file is sent: RFC 9110
 * lets a server ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** How long a file's stat is reused: stored media never changes in place, so this only bounds deletes. */
const STAT_TTL_MS = 2000;
const STAT_CACHE_MAX = 1000;
// eslint-disable-next-line no-restricted-syntax -- pure memo: a stored file's stat for STAT_TTL_MS (stored media never changes in place)
const stats = new Map<string, { stat: fs.Stats; at: number }>();

/** One stat per file per STAT_TTL_MS, shared by the many range requests of one play. */
async function statOf(file: string): Promise<fs.Stats | undefined> {
  const now = Date.now();
  const cached = stats.get(file);
  if (cached && now - cached.at < STAT_TTL_MS) return cached.stat;
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (stats.size >= STAT_CACHE_MAX) stats.clear();
  if (stat) stats.set(file, { stat, at: now });
  else stats.delete(file);
  return stat;
}

function etagOf(stat: fs.Stats): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match (weak comparison), else If-Modified-Since at one-second precision. */
function notModified(req: Request, etag: string, mtime: Date): boolean {
  const inm = req.header('if-none-match');
  if (inm) return inm.trim() === '*' || inm.split(',').some((tag) => stripWeak(tag) === etag);
  const ims = Date.parse(req.header('if-modified-since') ?? '');
  return Number.isFinite(ims) && Math.floor(mtime.getTime() / 1000) * 1000 <= ims;
}

/** If-Range: the Range applies only while the representation is still the one the client has. */
function rangeStillValid(req: Request, etag: string, mtime: Date): boolean {
  const ifRange = req.header('if-range')?.trim();
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(mtime.getTime() / 1000) * 1000 <= date;
}

/**
 * Sends a stored media file: conditional GET (304), single byte ranges (206/416) and a stream
 * from disk, never the whole file in memory. HEAD gets the same headers and no body.
 */
export async function sendMediaFile(
  req: Request,
  res: Response,
  file: string,
  contentType: string,
  logger: Logger,
  cacheControl: string = MEDIA_CACHE_CONTROL,
): Promise<void> {
  const stat = await statOf(file);
  if (!stat?.isFile()) throw notFound();
  const etag = etagOf(stat);
  res.set({
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  });
  if (notModified(req, etag, stat.mtime)) {
    res.status(304).end();
    return;
  }

  const range = rangeStillValid(req, etag, stat.mtime) ? parseRange(req.header('range'), stat.size) : undefined;
  if (range === 'unsatisfiable') {
    res.removeHeader('Cache-Control');
    throw new HttpError(416, 'Requested range not satisfiable', { 'Content-Range': `bytes */${stat.size}` });
  }
  res.set('Content-Type', contentType);
  if (range) {
    res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stat.size - 1;
  res.set('Content-Length', String(Math.max(0, end - start + 1)));
  if (req.method === 'HEAD' || stat.size === 0) {
    res.end();
    return;
  }
  await sendFileBytes(res, file, start, end, logger);
}
