import { retryAfterMs, unreachable, type Delivery, type ListenInfo } from './delivery.js';
import { lastfmSignature } from './lastfmSignature.js';

/**
 * The Last.fm API (2.0): signed POSTs, form-encoded, with `format=json`. Errors come as
 * `{ error, message }` whatever the HTTP status: 9 is an invalid session key (connect again);
 * 11 and 16 are the service being unavailable and 29 the rate limit (try later); 6 and 7 are
 * parameters it will never take.
 */

export interface LastfmClient {
  getSession(token: string): Promise<{ ok: true; userName: string; sessionKey: string } | { ok: false; reason: string }>;
  scrobble(sessionKey: string, listens: readonly ListenInfo[]): Promise<Delivery>;
  updateNowPlaying(sessionKey: string, listen: ListenInfo): Promise<Delivery>;
}

/** Track.scrobble takes at most this many listens in one call. */
export const LASTFM_BATCH = 50;

interface LastfmAnswer {
  status: number;
  headers: Headers;
  body: { error?: number; message?: string; session?: { name?: string; key?: string } } | null;
}

const RETRY_CODES = new Set([8, 11, 16, 29]);
const REJECT_CODES = new Set([6, 7]);

export function createLastfmClient(apiUrl: string, apiKey: string, secret: string, timeoutMs: () => number): LastfmClient {
  async function call(params: Record<string, string>): Promise<LastfmAnswer | Delivery> {
    const all = { ...params, api_key: apiKey };
    const body = new URLSearchParams({ ...all, api_sig: lastfmSignature(all, secret), format: 'json' });
    const ms = timeoutMs();
    try {
      const res = await fetch(apiUrl, {
        method: 'POST',
        headers: { 'user-agent': 'Samaa (self-hosted music server)', 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(ms),
      });
      const text = await res.text();
      let parsed: LastfmAnswer['body'] = null;
      try {
        parsed = JSON.parse(text) as LastfmAnswer['body'];
      } catch {
        /* not JSON: judged by the status alone */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    } catch (err) {
      return unreachable(err, ms);
    }
  }

  function judge(answer: LastfmAnswer | Delivery): Delivery {
    if ('kind' in answer) return answer;
    const { status, headers, body } = answer;
    const code = body?.error;
    if (code !== undefined) {
      const reason = `error ${code}`;
      if (code === 9) return { kind: 'unauthorised', reason };
      if (RETRY_CODES.has(code)) return { kind: 'retry', reason, afterMs: retryAfterMs(headers) };
      if (REJECT_CODES.has(code)) return { kind: 'rejected', reason };
      return { kind: 'retry', reason };
    }
    if (status === 429 || status >= 500) return { kind: 'retry', reason: `HTTP ${status}`, afterMs: retryAfterMs(headers) };
    if (status >= 200 && status < 300 && body) return { kind: 'accepted' };
    return { kind: 'retry', reason: `HTTP ${status}` };
  }

  function trackParams(listen: ListenInfo, suffix = ''): Record<string, string> {
    const out: Record<string, string> = { [`artist${suffix}`]: listen.artist, [`track${suffix}`]: listen.track };
    if (listen.album) out[`album${suffix}`] = listen.album;
    if (listen.durationMs) out[`duration${suffix}`] = String(Math.round(listen.durationMs / 1000));
    if (listen.listenedAt !== undefined) out[`timestamp${suffix}`] = String(listen.listenedAt);
    return out;
  }

  return {
    async getSession(token) {
      const answer = await call({ method: 'auth.getSession', token });
      if ('kind' in answer) return { ok: false, reason: answer.kind === 'accepted' ? 'no answer' : answer.reason };
      const session = answer.body?.session;
      if (answer.body?.error !== undefined || !session?.key || !session.name) return { ok: false, reason: `error ${answer.body?.error ?? answer.status}` };
      return { ok: true, userName: session.name, sessionKey: session.key };
    },
    async scrobble(sessionKey, listens) {
      const params: Record<string, string> = { method: 'track.scrobble', sk: sessionKey };
      listens.slice(0, LASTFM_BATCH).forEach((listen, i) => Object.assign(params, trackParams(listen, `[${i}]`)));
      return judge(await call(params));
    },
    async updateNowPlaying(sessionKey, listen) {
      return judge(await call({ method: 'track.updateNowPlaying', sk: sessionKey, ...trackParams({ ...listen, listenedAt: undefined }) }));
    },
  };
}
