import { createHash, randomBytes } from 'node:crypto';
import type { RunningFake } from './listen.js';
import { listenJson, troubleMaker, type TroubleControls } from './serviceTrouble.js';

/**
 * A fake of Last.fm's API 2.0 (ws.audioscrobbler.com/2.0/) and its web authentication page
 * (www.last.fm/api/auth/), in their wire formats:
 * - GET /api/auth/?api_key&cb: the sign-in page; here the user set with `approveAs` approves at
 *   once, and the browser is sent to `cb` with `token` added.
 * - POST /2.0/ (form-encoded; GET with a query string works too): `auth.getSession`,
 *   `track.updateNowPlaying`, `track.scrobble` (up to 50, `artist[i]`, `track[i]`, `timestamp[i]`).
 *   Every call is checked for `api_key` and `api_sig` (md5 of the parameters but `format` and
 *   `callback`, sorted by name, name and value run together, then the secret). Answers are JSON
 *   with `format=json`; errors are `{ error, message }` (4 invalid token, 6 invalid parameters,
 *   9 invalid session key, 10 invalid API key, 13 invalid signature, 16 unavailable, 29 rate limit).
 * Like Last.fm, a scrobble of the same track at the same timestamp is kept once (`scrobbles`);
 * `submissions` records every accepted track.scrobble call.
 */

export interface FakeScrobble {
  user: string;
  artist: string;
  track: string;
  album?: string;
  timestamp: number;
}

export interface LastfmFake extends RunningFake, TroubleControls {
  readonly apiKey: string;
  readonly secret: string;
  /** Stored scrobbles, deduplicated. */
  readonly scrobbles: FakeScrobble[];
  /** Accepted track.scrobble calls, each with its tracks (retries included). */
  readonly submissions: { user: string; tracks: FakeScrobble[]; at: number }[];
  readonly nowPlaying: { user: string; artist: string; track: string }[];
  /** Every request to the API's arrival (Date.now()), trouble included. */
  readonly arrivals: number[];
  /** Who approves on the sign-in page (GET /api/auth/). */
  approveAs(userName: string): void;
  /** Session keys handed out, by user name. */
  sessionKeyOf(userName: string): string | undefined;
  /** Ends a session: calls with its key then answer error 9. */
  revokeSession(userName: string): void;
  reset(): void;
}

export function lastfmSignatureOf(params: Record<string, string>, secret: string): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${signed}${secret}`, 'utf8').digest('hex');
}

const ERRORS: Record<number, string> = {
  4: 'Invalid authentication token supplied',
  6: 'Invalid parameters - Your request is missing a required parameter',
  9: 'Invalid session key - Please re-authenticate',
  10: 'Invalid API key - You must be granted a valid key by last.fm',
  13: 'Invalid method signature supplied',
  16: 'The service is temporarily unavailable, please try again.',
  29: 'Rate limit exceeded - Your IP has made too many requests in a short period',
};

export async function startLastfmFake(options: { apiKey?: string; secret?: string } = {}): Promise<LastfmFake> {
  const apiKey = options.apiKey ?? 'fakelastfmapikey0123456789abcdef';
  const secret = options.secret ?? 'fakelastfmsecret0123456789abcdef';
  let approver = 'lastfm-listener';
  const tokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  let scrobbles: FakeScrobble[] = [];
  let submissions: { user: string; tracks: FakeScrobble[]; at: number }[] = [];
  let nowPlaying: { user: string; artist: string; track: string }[] = [];
  let arrivals: number[] = [];
  const trouble = troubleMaker();

  const running = await listenJson(async ({ req, res, url, raw, send }) => {
    const error = (code: number, status = code === 16 || code === 11 ? 503 : code === 29 ? 429 : 400) => send(status, { error: code, message: ERRORS[code] ?? 'Error' });

    if (req.method === 'GET' && url.pathname === '/api/auth/') {
      const cb = url.searchParams.get('cb');
      if (url.searchParams.get('api_key') !== apiKey || !cb) return send(400, { error: 10, message: ERRORS[10] });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, approver);
      const back = new URL(cb);
      back.searchParams.set('token', token);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname !== '/2.0/') return send(404, { error: 3, message: 'Invalid Method - No method with that name in this package' });

    arrivals.push(Date.now());
    if (!(await trouble.admit(res, (status) => ({ error: status === 429 ? 29 : 16, message: ERRORS[status === 429 ? 29 : 16] })))) return;
    const params = Object.fromEntries(req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams);
    if (params.api_key !== apiKey) return error(10);
    if (params.api_sig !== lastfmSignatureOf(params, secret)) return error(13);
    const user = params.sk ? [...sessions].find(([, key]) => key === params.sk)?.[0] : undefined;

    switch (params.method) {
      case 'auth.getSession': {
        const name = params.token ? tokens.get(params.token) : undefined;
        if (!name) return error(4, 403);
        tokens.delete(params.token!);
        const key = sessions.get(name) ?? randomBytes(16).toString('hex');
        sessions.set(name, key);
        return send(200, { session: { name, key, subscriber: 0 } });
      }
      case 'track.updateNowPlaying': {
        if (!user) return error(9, 403);
        if (!params.artist || !params.track) return error(6);
        nowPlaying.push({ user, artist: params.artist, track: params.track });
        return send(200, {
          nowplaying: {
            artist: { corrected: '0', '#text': params.artist },
            track: { corrected: '0', '#text': params.track },
            album: { corrected: '0', '#text': params.album ?? '' },
            albumArtist: { corrected: '0', '#text': '' },
            ignoredMessage: { code: '0', '#text': '' },
          },
        });
      }
      case 'track.scrobble': {
        if (!user) return error(9, 403);
        const tracks: FakeScrobble[] = [];
        for (let i = 0; i < 50; i += 1) {
          const at = (name: string) => params[`${name}[${i}]`] ?? (i === 0 ? params[name] : undefined);
          const artist = at('artist');
          if (artist === undefined) break;
          const track = at('track');
          const timestamp = Number(at('timestamp'));
          if (!track || !Number.isInteger(timestamp)) return error(6);
          tracks.push({ user, artist, track, album: at('album'), timestamp });
        }
        if (tracks.length === 0 || params['artist[50]'] !== undefined) return error(6);
        submissions.push({ user, tracks, at: Date.now() });
        for (const t of tracks) {
          if (!scrobbles.some((s) => s.user === user && s.timestamp === t.timestamp && s.artist === t.artist && s.track === t.track)) scrobbles.push(t);
        }
        const scrobble = tracks.map((t) => ({
          artist: { corrected: '0', '#text': t.artist },
          track: { corrected: '0', '#text': t.track },
          album: { corrected: '0', '#text': t.album ?? '' },
          timestamp: String(t.timestamp),
          ignoredMessage: { code: '0', '#text': '' },
        }));
        return send(200, { scrobbles: { scrobble: scrobble.length === 1 ? scrobble[0] : scrobble, '@attr': { accepted: tracks.length, ignored: 0 } } });
      }
      default:
        return send(400, { error: 3, message: 'Invalid Method - No method with that name in this package' });
    }
  });

  return {
    ...running,
    apiKey,
    secret,
    ...trouble.controls(),
    get scrobbles() {
      return scrobbles;
    },
    get submissions() {
      return submissions;
    },
    get nowPlaying() {
      return nowPlaying;
    },
    get arrivals() {
      return arrivals;
    },
    approveAs(userName) {
      approver = userName;
    },
    sessionKeyOf: (userName) => sessions.get(userName),
    revokeSession(userName) {
      sessions.delete(userName);
    },
    reset() {
      scrobbles = [];
      submissions = [];
      nowPlaying = [];
      arrivals = [];
      trouble.recover();
    },
  };
}
