import { LYRICS_MAX_BYTES } from '@samaa/shared';
import type { Logger } from '../logger.js';
import { NotLyricsError, parseLyrics, type ParsedLyrics } from './lrc.js';

/**
 * The optional LRCLIB-compatible lyrics service (GET /api/get by artist, title, album and
 * duration). A lookup either finds lyrics, finds none (404, or an instrumental: worth caching),
 * or fails (timeout, refused, a bad answer, the limit reached: not cached, tried on a later play).
 * Failures are logged once until the service answers again; listeners never see them.
 */

export type LookupResult = { kind: 'found'; lyrics: ParsedLyrics } | { kind: 'none' } | { kind: 'failed' };

export interface LyricsQuery {
  artist: string;
  title: string;
  album?: string;
  /** Seconds. */
  duration?: number;
}

export interface LrclibClient {
  lookup(query: LyricsQuery): Promise<LookupResult>;
}

export interface LrclibOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** Lookups under way at once; past it a lookup is skipped (failed), never queued. */
  maxInFlight?: number;
}

interface LrclibRecord {
  instrumental?: boolean;
  plainLyrics?: string | null;
  syncedLyrics?: string | null;
}

export function createLrclibClient({ baseUrl, timeoutMs, logger, maxInFlight = 4 }: LrclibOptions): LrclibClient {
  let inFlight = 0;
  let failing = false;

  const failed = (reason: string, err?: unknown): LookupResult => {
    if (!failing) logger.warn({ err, reason, service: baseUrl }, `lyrics service unavailable: ${reason}`);
    failing = true;
    return { kind: 'failed' };
  };

  async function ask(query: LyricsQuery): Promise<LookupResult> {
    const params = new URLSearchParams({ artist_name: query.artist, track_name: query.title });
    if (query.album) params.set('album_name', query.album);
    if (query.duration) params.set('duration', String(Math.round(query.duration)));
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/api/get?${params}`, {
        headers: { accept: 'application/json', 'user-agent': 'Samaa (self-hosted music server)' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return failed((err as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable', err);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      failing = false;
      return { kind: 'none' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return failed(`HTTP ${res.status}`);
    }
    let record: LrclibRecord;
    try {
      const text = await res.text();
      if (text.length > 4 * LYRICS_MAX_BYTES) return failed('an answer too large');
      record = JSON.parse(text) as LrclibRecord;
    } catch (err) {
      return failed('an answer that is not JSON', err);
    }
    failing = false;
    const body = record.syncedLyrics || record.plainLyrics;
    if (record.instrumental || typeof body !== 'string' || !body.trim()) return { kind: 'none' };
    try {
      return { kind: 'found', lyrics: parseLyrics(body) };
    } catch (err) {
      if (err instanceof NotLyricsError) return { kind: 'none' };
      throw err;
    }
  }

  return {
    async lookup(query) {
      if (inFlight >= maxInFlight) return failed(`more than ${maxInFlight} lookups at once`);
      inFlight += 1;
      try {
        return await ask(query);
      } finally {
        inFlight -= 1;
      }
    },
  };
}
