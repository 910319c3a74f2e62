import type { RunningFake } from './listen.js';
import { listenJson, troubleMaker, type TroubleControls } from './serviceTrouble.js';

/**
 * A fake of the ListenBrainz API (api.listenbrainz.org), in its wire format:
 * - GET /1/validate-token with `Authorization: Token <token>`: 200
 *   `{ code, message, valid, user_name }`; an unknown token answers `valid: false`.
 * - POST /1/submit-listens: `{ listen_type: 'single' | 'import' | 'playing_now', payload }`,
 *   each item `{ listened_at?, track_metadata: { artist_name, track_name, release_name?,
 *   additional_info } }`; 200 `{ status: 'ok' }`, 401 for a bad token, 400 for a malformed body.
 * - GET /1/user/{user}/listens and /1/user/{user}/playing-now: what was stored, in ListenBrainz's
 *   `{ payload: { count, listens, user_id } }` shape (newest first), so a test in another
 *   process can read it.
 * Like ListenBrainz, it keeps one listen per user, listened_at and track: a listen sent twice is
 * stored once (`listens`), while `submissions` records every request that arrived.
 */

export interface FakeListen {
  user: string;
  listened_at: number;
  track_metadata: { artist_name: string; track_name: string; release_name?: string; additional_info?: Record<string, unknown> };
}

export interface ListenBrainzSubmission {
  user: string;
  listenType: 'single' | 'import' | 'playing_now';
  payload: Omit<FakeListen, 'user'>[];
  /** Date.now() when it arrived. */
  at: number;
}

export interface ListenBrainzFake extends RunningFake, TroubleControls {
  /** Every accepted POST /1/submit-listens, in order (retries included). */
  readonly submissions: ListenBrainzSubmission[];
  /** Stored listens, deduplicated as ListenBrainz does. */
  readonly listens: FakeListen[];
  /** `playing_now` submissions, in order. */
  readonly playingNow: ListenBrainzSubmission[];
  /** Every request's arrival (Date.now()), trouble included. */
  readonly arrivals: number[];
  /** Makes a user token valid for `userName`. */
  addUser(token: string, userName: string): void;
  /** Makes a token invalid from now on. */
  revoke(token: string): void;
  reset(): void;
}

const LISTEN_TYPES = new Set(['single', 'import', 'playing_now']);

function problem(body: unknown): string | null {
  const b = body as { listen_type?: unknown; payload?: unknown } | null;
  if (!b || typeof b !== 'object') return 'Invalid JSON document submitted.';
  if (typeof b.listen_type !== 'string' || !LISTEN_TYPES.has(b.listen_type)) return 'JSON document must contain the key listen_type.';
  if (!Array.isArray(b.payload) || b.payload.length === 0) return 'JSON document must contain the key payload.';
  if (b.listen_type !== 'import' && b.payload.length !== 1) return 'JSON document should contain exactly one listen.';
  for (const item of b.payload as { listened_at?: unknown; track_metadata?: { artist_name?: unknown; track_name?: unknown } }[]) {
    if (b.listen_type === 'playing_now' && item.listened_at !== undefined) return 'JSON document must not contain listened_at while submitting playing_now.';
    if (b.listen_type !== 'playing_now' && !Number.isInteger(item.listened_at)) return 'JSON document must contain the key listened_at.';
    const meta = item.track_metadata;
    if (!meta || typeof meta.artist_name !== 'string' || !meta.artist_name) return 'JSON document does not contain required track_metadata.artist_name.';
    if (typeof meta.track_name !== 'string' || !meta.track_name) return 'JSON document does not contain required track_metadata.track_name.';
  }
  return null;
}

export async function startListenBrainzFake(): Promise<ListenBrainzFake> {
  const users = new Map<string, string>();
  let submissions: ListenBrainzSubmission[] = [];
  let listens: FakeListen[] = [];
  let arrivals: number[] = [];
  const trouble = troubleMaker();

  const running = await listenJson(async ({ req, res, url, raw, send }) => {
    arrivals.push(Date.now());
    if (!(await trouble.admit(res, (status) => ({ code: status, error: status === 429 ? 'Too many requests.' : 'Service unavailable.' })))) return;
    const token = /^Token\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? users.get(token) : undefined;
    if (req.method === 'GET' && url.pathname === '/1/validate-token') {
      if (!token) return send(400, { code: 400, message: 'You need to provide an Authorization header.', valid: false });
      return send(200, user ? { code: 200, message: 'Token valid.', valid: true, user_name: user } : { code: 200, message: 'Token invalid.', valid: false });
    }
    const userPath = /^\/1\/user\/([^/]+)\/(listens|playing-now)$/.exec(url.pathname);
    if (req.method === 'GET' && userPath) {
      const name = decodeURIComponent(userPath[1]!);
      if (userPath[2] === 'listens') {
        const own = listens.filter((l) => l.user === name).sort((a, b) => b.listened_at - a.listened_at);
        return send(200, { payload: { count: own.length, user_id: name, listens: own.map(({ user, ...l }) => ({ ...l, user_name: user })) } });
      }
      const last = submissions.filter((s) => s.user === name && s.listenType === 'playing_now').at(-1);
      const playing = last ? [{ playing_now: true, track_metadata: last.payload[0]!.track_metadata }] : [];
      return send(200, { payload: { count: playing.length, user_id: name, playing_now: true, listens: playing } });
    }
    if (req.method === 'POST' && url.pathname === '/1/submit-listens') {
      if (!user) return send(401, { code: 401, error: 'Invalid authorization token.' });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, { code: 400, error: 'Cannot parse JSON document.' });
      }
      const wrong = problem(body);
      if (wrong) return send(400, { code: 400, error: wrong });
      const { listen_type, payload } = body as { listen_type: ListenBrainzSubmission['listenType']; payload: Omit<FakeListen, 'user'>[] };
      submissions.push({ user, listenType: listen_type, payload, at: Date.now() });
      if (listen_type !== 'playing_now') {
        for (const item of payload) {
          const same = (l: FakeListen) => l.user === user && l.listened_at === item.listened_at && l.track_metadata.track_name === item.track_metadata.track_name;
          if (!listens.some(same)) listens.push({ user, ...item });
        }
      }
      return send(200, { status: 'ok' });
    }
    send(404, { code: 404, error: 'Not found' });
  });

  return {
    ...running,
    ...trouble.controls(),
    get submissions() {
      return submissions.filter((s) => s.listenType !== 'playing_now');
    },
    get playingNow() {
      return submissions.filter((s) => s.listenType === 'playing_now');
    },
    get listens() {
      return listens;
    },
    get arrivals() {
      return arrivals;
    },
    addUser(token, userName) {
      users.set(token, userName);
    },
    revoke(token) {
      users.delete(token);
    },
    reset() {
      submissions = [];
      listens = [];
      arrivals = [];
      trouble.recover();
    },
  };
}
