/** What a service made of a request, as the sender acts on it. */
export type Delivery =
  | { kind: 'accepted' }
  /** Down, slow, rate limited or a 5xx: try again later (`afterMs`: the service said when). */
  | { kind: 'retry'; reason: string; afterMs?: number }
  /** The token or session is no longer valid: the listener must connect again. */
  | { kind: 'unauthorised'; reason: string }
  /** The service refused these listens for good (malformed): retrying would not help. */
  | { kind: 'rejected'; reason: string };

/** What both services need of one listen. */
export interface ListenInfo {
  artist: string;
  track: string;
  album?: string;
  durationMs?: number;
  /** Unix seconds; absent for "now playing". */
  listenedAt?: number;
  player?: string;
}

export const SUBMISSION_CLIENT = 'Samaa';

/**
 * Retry-After as seconds or an HTTP date, else ListenBrainz's X-RateLimit-Reset-In (seconds), in
 * milliseconds; undefined when neither is given or readable.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const given = headers.get('retry-after');
  if (given) {
    const seconds = Number(given);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const at = Date.parse(given);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const resetIn = Number(headers.get('x-ratelimit-reset-in'));
  return headers.get('x-ratelimit-reset-in') && Number.isFinite(resetIn) && resetIn >= 0 ? resetIn * 1000 : undefined;
}

/** A network failure or a timeout, as a retry. */
export function unreachable(err: unknown, timeoutMs: number): Delivery {
  const name = (err as Error | undefined)?.name;
  return { kind: 'retry', reason: name === 'TimeoutError' || name === 'AbortError' ? `no answer in ${timeoutMs} ms` : 'unreachable' };
}
