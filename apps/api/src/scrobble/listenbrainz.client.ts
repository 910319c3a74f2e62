import { SUBMISSION_CLIENT, retryAfterMs, unreachable, type Delivery, type ListenInfo } from './delivery.js';

/**
 * The ListenBrainz API: GET /1/validate-token and POST /1/submit-listens, with
 * `Authorization: Token <user token>`. Listens go as `single` (one) or `import` (several);
 * now playing as `playing_now` without `listened_at`.
 */

export interface ListenBrainzClient {
  /** The user name for a valid token; null when the service says the token is not valid. */
  validate(token: string): Promise<{ valid: true; userName: string } | { valid: false } | { unavailable: true }>;
  submit(token: string, listens: readonly ListenInfo[]): Promise<Delivery>;
  playingNow(token: string, listen: ListenInfo): Promise<Delivery>;
}

const ua = { 'user-agent': 'Samaa (self-hosted music server)' };

function payloadOf(listen: ListenInfo) {
  const additional_info: Record<string, string | number> = { submission_client: SUBMISSION_CLIENT };
  if (listen.durationMs) additional_info.duration_ms = listen.durationMs;
  if (listen.player) additional_info.media_player = listen.player;
  return {
    ...(listen.listenedAt === undefined ? {} : { listened_at: listen.listenedAt }),
    track_metadata: {
      artist_name: listen.artist,
      track_name: listen.track,
      ...(listen.album ? { release_name: listen.album } : {}),
      additional_info,
    },
  };
}

export function createListenBrainzClient(baseUrl: string, timeoutMs: () => number): ListenBrainzClient {
  async function post(token: string, body: unknown): Promise<Delivery> {
    const ms = timeoutMs();
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/1/submit-listens`, {
        method: 'POST',
        headers: { ...ua, authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ms),
      });
      await res.text();
    } catch (err) {
      return unreachable(err, ms);
    }
    if (res.ok) return { kind: 'accepted' };
    if (res.status === 401 || res.status === 403) return { kind: 'unauthorised', reason: `HTTP ${res.status}` };
    if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason: `HTTP ${res.status}`, afterMs: retryAfterMs(res.headers) };
    return { kind: 'rejected', reason: `HTTP ${res.status}` };
  }

  return {
    async validate(token) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/1/validate-token`, {
          headers: { ...ua, authorization: `Token ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs()),
        });
      } catch {
        return { unavailable: true };
      }
      // An invalid token answers 200 with `valid: false` (older servers) or 401.
      if (res.status === 401 || res.status === 400) return { valid: false };
      if (!res.ok) return { unavailable: true };
      const body = (await res.json().catch(() => null)) as { valid?: boolean; user_name?: string } | null;
      if (!body) return { unavailable: true };
      return body.valid && body.user_name ? { valid: true, userName: body.user_name } : { valid: false };
    },
    submit(token, listens) {
      return post(token, { listen_type: listens.length === 1 ? 'single' : 'import', payload: listens.map(payloadOf) });
    },
    playingNow(token, listen) {
      return post(token, { listen_type: 'playing_now', payload: [payloadOf({ ...listen, listenedAt: undefined })] });
    },
  };
}
