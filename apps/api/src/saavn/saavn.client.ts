import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.js';
import type { SharedCache } from '../redis/redisCache.js';
import { HttpError } from '../http/errors.js';

/**
 * The one way our API reaches the JioSaavn API: a 5 s timeout per attempt, retries with
 * exponential back-off on 429, 5xx and network errors (honouring Retry-After up to a cap), an
 * in-memory LRU cache of successful answers keyed by path and query, and concurrent identical
 * calls coalesced into one upstream request. Every failure becomes an HttpError (502, or 404
 * when JioSaavn says the thing does not exist); nothing upstream can crash a request.
 */

export interface SaavnClientOptions {
  baseUrl: string;
  logger: Logger;
  timeoutMs?: number;
  /** Extra attempts after the first one. */
  retries?: number;
  /** First back-off delay; doubles on each retry. */
  backoffMs?: number;
  /** Longest Retry-After we are willing to wait. */
  maxRetryAfterMs?: number;
  cacheTtlMs?: number;
  cacheMax?: number;
  /** Bodies larger than this are refused. */
  maxBodyBytes?: number;
  /** A cache shared with other API processes (Redis), consulted after this process's own. */
  sharedCache?: SharedCache;
}


export const SAAVN_MESSAGES = {
  unavailable: 'The JioSaavn service is not available right now. Please try again later.',
  timeout: 'The JioSaavn service did not answer in time. Please try again later.',
  badAnswer: 'The JioSaavn service sent an answer we could not read.',
  notFound: 'JioSaavn has no such playlist.',
} as const;

export interface GetOptions {
  /** Message of the 404 we answer when JioSaavn answers 404; without it a 404 is a 502 (wrong URL). */
  notFound?: string;
}

export type Query = Record<string, string | number | undefined>;

export interface SaavnClient {
  /** The parsed JSON body of a successful upstream answer. */
  get(path: string, query: Query, options?: GetOptions): Promise<unknown>;
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

class Retryable extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null = null,
  ) {
    super(message);
  }
}

export function createSaavnClient(options: SaavnClientOptions): SaavnClient {
  const {
    baseUrl,
    logger,
    timeoutMs = 5000,
    retries = 2,
    backoffMs = 200,
    maxRetryAfterMs = 2000,
    cacheTtlMs = 10 * 60_000,
    sharedCache,
    cacheMax = 500,
    maxBodyBytes = 5 * 1024 * 1024,
  } = options;
  const cache = new LRUCache<string, object>({ max: cacheMax, ttl: cacheTtlMs });
  const inFlight = new Map<string, Promise<unknown>>();

  async function attempt(url: string, options: GetOptions): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        // Not retried: a second 5 s wait would leave the listener staring at a spinner.
        throw new HttpError(502, SAAVN_MESSAGES.timeout);
      }
      throw new Retryable(`network error: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (RETRYABLE(res.status)) {
      await res.body?.cancel().catch(() => undefined);
      throw new Retryable(`upstream status ${res.status}`, retryAfterMs(res.headers.get('retry-after')));
    }
    if (res.status === 404 && options.notFound) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(404, options.notFound);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      logger.warn({ status: res.status, url }, 'JioSaavn refused a request');
      throw new HttpError(502, SAAVN_MESSAGES.unavailable);
    }
    if (Number(res.headers.get('content-length') ?? 0) > maxBodyBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(502, SAAVN_MESSAGES.badAnswer);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw new HttpError(502, SAAVN_MESSAGES.timeout);
      throw new Retryable('body read failed');
    }
    if (text.length > maxBodyBytes) throw new HttpError(502, SAAVN_MESSAGES.badAnswer);
    try {
      const body: unknown = JSON.parse(text);
      if (!body || typeof body !== 'object') throw new Error('not an object');
      return body;
    } catch {
      logger.warn({ url }, 'JioSaavn sent malformed JSON');
      throw new HttpError(502, SAAVN_MESSAGES.badAnswer);
    }
  }

  async function withRetries(url: string, options: GetOptions): Promise<unknown> {
    for (let n = 0; ; n += 1) {
      try {
        return await attempt(url, options);
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        if (n >= retries) {
          logger.warn({ url, reason: err.message }, 'JioSaavn failed after retries');
          throw new HttpError(502, SAAVN_MESSAGES.unavailable);
        }
        const backoff = backoffMs * 2 ** n;
        const wait = err.waitMs === null ? backoff : Math.min(Math.max(err.waitMs, backoff), maxRetryAfterMs);
        if (err.waitMs !== null && err.waitMs > maxRetryAfterMs) {
          // JioSaavn asks for a longer pause than a listener would wait for: give up now.
          throw new HttpError(502, SAAVN_MESSAGES.unavailable, { 'Retry-After': String(Math.ceil(err.waitMs / 1000)) });
        }
        await sleep(wait);
      }
    }
  }

  return {
    async get(path, query, options = {}) {
      const params = new URLSearchParams();
      for (const key of Object.keys(query).sort()) {
        const value = query[key];
        if (value !== undefined) params.set(key, String(value));
      }
      const key = `${path}?${params.toString()}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let pending = inFlight.get(key);
      if (!pending) {
        // Coalescing stays per process: concurrent identical calls here share one lookup.
        pending = (async () => {
          const shared = await sharedCache?.get(key);
          if (shared) {
            cache.set(key, shared);
            return shared;
          }
          const body = await withRetries(`${baseUrl}${key}`, options);
          // Only answers that say they succeeded are worth keeping.
          if ((body as { success?: unknown }).success === true) {
            cache.set(key, body as object);
            await sharedCache?.set(key, body as object, cacheTtlMs);
          }
          return body;
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
