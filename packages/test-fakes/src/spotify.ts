import crypto from 'node:crypto';
import type http from 'node:http';
import { listen, type RunningFake } from './listen.js';
import { silentMp3 } from './saavn.js';

/**
 * A fake of Spotify's accounts service and Web API, speaking their real wire format:
 * - GET /authorize (authorization code with PKCE; consent is granted at once) and
 *   POST /api/token (authorization_code with code_verifier, refresh_token), as accounts.spotify.com;
 * - GET /v1/me/playlists, GET /v1/playlists/{id}/items (the February 2026 shape: entries carry
 *   `item`, playlists carry `items`) and GET /v1/playlists/{id}/tracks (the older shape: `track`,
 *   `tracks`), as api.spotify.com, each behind a bearer token.
 * Like a development-mode app, playlists the user neither owns nor collaborates on answer 403.
 */

export const SPOTIFY_SCOPES = [
  'ugc-image-upload',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'app-remote-control',
  'streaming',
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-private',
  'playlist-modify-public',
  'user-follow-modify',
  'user-follow-read',
  'user-read-playback-position',
  'user-top-read',
  'user-read-recently-played',
  'user-library-modify',
  'user-library-read',
  'user-read-email',
  'user-read-private',
];

export interface FakeSpotifyTrack {
  id: string;
  name: string;
  artists: string[];
  previewUrl: string | null;
  /** Album cover URL, or none. */
  image: string | null;
  /** external_ids.isrc, when the fake gives one. */
  isrc?: string;
}

export interface FakeSpotifyPlaylist {
  id: string;
  name: string;
  image: string | null;
  /** Owned by (or collaborative for) the signed-in user; otherwise a development-mode app gets 403. */
  owned: boolean;
  tracks: FakeSpotifyTrack[];
}

export interface SpotifyFakeOptions {
  clientId?: string;
  /** Redirect URIs registered for the app (exact match, as Spotify requires). */
  redirectUris: string[];
  playlists?: FakeSpotifyPlaylist[];
  /** Lifetime of issued access tokens, in seconds. */
  expiresIn?: number;
}

export interface SpotifyFake extends RunningFake {
  readonly clientId: string;
  readonly playlists: FakeSpotifyPlaylist[];
  /** Method and path (with query) of every request, in order. */
  readonly requests: string[];
  /** Field names of /v1/me/playlists: 'items' (February 2026) or 'tracks' (before). */
  playlistShape: 'items' | 'tracks';
  /** When set, GET /v1/playlists/{id}/items answers this status (e.g. before the rollout). */
  itemsStatus: 403 | 404 | null;
  /** When set, GET /v1/me/playlists answers this status (e.g. 403 for a user not allow-listed). */
  mePlaylistsStatus: number | null;
  /** Makes every access token issued so far expire now (the API then answers 401). */
  expireAccessTokens(): void;
  /** Grants the next /authorize without consent screen (default) or denies it. */
  denyNextAuthorization(): void;
  reset(): void;
}

const DEFAULT_PLAYLISTS = (base: string): FakeSpotifyPlaylist[] => [
  {
    id: '37i9dQZF1DXcBWIGoYBM5M',
    name: 'Road Trip',
    image: `${base}/images/road-trip.jpg`,
    owned: true,
    tracks: [
      { id: '6UelLqGlWMcVH1E5c4H7lY', name: 'Heat Waves', artists: ['Glass Animals'], previewUrl: null, image: `${base}/images/heat.jpg`, isrc: 'GBUM72000433' },
      { id: '4LRPiXqCikLlN15c3yImP7', name: 'As It Was', artists: ['Harry Styles'], previewUrl: `${base}/previews/as-it-was.mp3`, image: `${base}/images/as-it-was.jpg` },
      { id: '0nbXyq5TXYPCO7pr3N8S4I', name: 'Song Nobody Has', artists: ['Nobody Known'], previewUrl: null, image: null },
    ],
  },
  {
    id: '1Fgk3nRrzyOz5pQyPTWSXr',
    name: 'Throwbacks',
    image: null,
    owned: true,
    tracks: [
      { id: '2takcwOaAZWiXQijPHIx7B', name: 'Take On Me', artists: ['a-ha'], previewUrl: null, image: null },
    ],
  },
  {
    id: '5ABHKGoOzxkaa28ttQV9sE',
    name: 'Followed Editorial',
    image: `${base}/images/editorial.jpg`,
    owned: false,
    tracks: [{ id: '7qiZfU4dY1lWllzX7mPBI3', name: 'Shape of You', artists: ['Ed Sheeran'], previewUrl: null, image: null }],
  },
];

const base64url = (buf: Buffer) => buf.toString('base64url');
const token = () => base64url(crypto.randomBytes(24));

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

export async function startSpotifyFake(options: SpotifyFakeOptions): Promise<SpotifyFake> {
  const clientId = options.clientId ?? 'fake-spotify-client-id';
  const expiresIn = options.expiresIn ?? 3600;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, number>(); // token -> expiry (ms)
  const refreshTokens = new Map<string, string>(); // token -> scope
  const requests: string[] = [];
  let deny = false;
  let base = '';
  const playlists: FakeSpotifyPlaylist[] = [];

  const cors = { 'access-control-allow-origin': '*' };
  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...cors, ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: http.ServerResponse, status: number, message: string) =>
    json(res, status, { error: { status, message } });
  const oauthError = (res: http.ServerResponse, error: string, description: string) =>
    json(res, 400, { error, error_description: description });

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (data += chunk));
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    // Spotify shows an error page (no redirect) for a bad client or redirect URI.
    if (q.get('client_id') !== clientId) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h1>INVALID_CLIENT: Invalid client</h1>');
    }
    if (!options.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h1>INVALID_CLIENT: Invalid redirect URI</h1>');
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const fail = (error: string) => {
      back.searchParams.set('error', error);
      res.writeHead(302, { location: back.toString() });
      res.end();
    };
    if (q.get('response_type') !== 'code') return fail('unsupported_response_type');
    const challenge = q.get('code_challenge') ?? '';
    if (q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return fail('invalid_request');
    }
    const scope = q.get('scope') ?? '';
    if (scope.split(' ').some((s) => s && !SPOTIFY_SCOPES.includes(s))) return fail('invalid_scope');
    if (deny) {
      deny = false;
      return fail('access_denied');
    }
    const code = token();
    codes.set(code, { clientId, redirectUri, challenge, scope, expiresAt: Date.now() + 10 * 60_000 });
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function issue(res: http.ServerResponse, scope: string) {
    const access = token();
    const refresh = token();
    accessTokens.set(access, Date.now() + expiresIn * 1000);
    refreshTokens.set(refresh, scope);
    json(res, 200, { access_token: access, token_type: 'Bearer', scope, expires_in: expiresIn, refresh_token: refresh });
  }

  async function tokenEndpoint(req: http.IncomingMessage, res: http.ServerResponse) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(res, 'invalid_request', 'Unsupported content type');
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== clientId) return json(res, 400, { error: 'invalid_client', error_description: 'Invalid client' });
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code); // single use
      if (!pending || pending.expiresAt < Date.now()) return oauthError(res, 'invalid_grant', 'Invalid authorization code');
      if (form.get('redirect_uri') !== pending.redirectUri) return oauthError(res, 'invalid_grant', 'Invalid redirect URI');
      const verifier = form.get('code_verifier') ?? '';
      const expected = base64url(crypto.createHash('sha256').update(verifier).digest());
      if (verifier.length < 43 || verifier.length > 128 || expected !== pending.challenge) {
        return oauthError(res, 'invalid_grant', 'code_verifier was incorrect');
      }
      return issue(res, pending.scope);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const scope = refreshTokens.get(refresh);
      if (scope === undefined) return oauthError(res, 'invalid_grant', 'Invalid refresh token');
      refreshTokens.delete(refresh); // rotated, as Spotify does for PKCE clients
      return issue(res, scope);
    }
    return oauthError(res, 'unsupported_grant_type', `grant_type must be client_credentials, authorization_code or refresh_token`);
  }

  /** A Web API paging object over `all`, with next/previous links like Spotify's. */
  function paging<T>(url: URL, all: T[], maxLimit: number) {
    const limit = Math.min(maxLimit, Math.max(1, Number(url.searchParams.get('limit')) || 20));
    const offset = Math.max(0, Number(url.searchParams.get('offset')) || 0);
    const link = (o: number) => {
      const u = new URL(url.pathname, base);
      u.searchParams.set('offset', String(o));
      u.searchParams.set('limit', String(limit));
      return u.toString();
    };
    return {
      href: link(offset),
      limit,
      next: offset + limit < all.length ? link(offset + limit) : null,
      offset,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      total: all.length,
      items: all.slice(offset, offset + limit),
    };
  }

  const trackJson = (t: FakeSpotifyTrack) => ({
    id: t.id,
    name: t.name,
    type: 'track',
    uri: `spotify:track:${t.id}`,
    href: `${base}/v1/tracks/${t.id}`,
    duration_ms: 200_000,
    explicit: false,
    is_local: false,
    preview_url: t.previewUrl,
    external_ids: t.isrc ? { isrc: t.isrc } : {},
    artists: t.artists.map((name, i) => ({ id: `artist${i}${t.id}`, name, type: 'artist', uri: `spotify:artist:${i}` })),
    album: {
      id: `album${t.id}`,
      name: `${t.name} (album)`,
      type: 'album',
      images: t.image ? [{ url: t.image, height: 640, width: 640 }] : [],
    },
  });

  const playlistJson = (p: FakeSpotifyPlaylist) => {
    const countField = { href: `${base}/v1/playlists/${p.id}/${fake.playlistShape}`, total: p.tracks.length };
    return {
      id: p.id,
      name: p.name,
      type: 'playlist',
      collaborative: false,
      public: false,
      uri: `spotify:playlist:${p.id}`,
      href: `${base}/v1/playlists/${p.id}`,
      images: p.image ? [{ url: p.image, height: 640, width: 640 }] : null,
      owner: { id: p.owned ? 'fake-user' : 'spotify', display_name: p.owned ? 'Fake User' : 'Spotify', type: 'user' },
      [fake.playlistShape]: countField,
    };
  };

  function api(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!bearer) return apiError(res, 401, 'No token provided');
    const expiry = accessTokens.get(bearer);
    if (expiry === undefined) return apiError(res, 401, 'Invalid access token');
    if (expiry <= Date.now()) return apiError(res, 401, 'The access token expired');

    if (url.pathname === '/v1/me/playlists') {
      if (fake.mePlaylistsStatus) return apiError(res, fake.mePlaylistsStatus, 'Forbidden');
      return json(res, 200, paging(url, playlists.map(playlistJson), 50));
    }
    const match = /^\/v1\/playlists\/([A-Za-z0-9]+)\/(items|tracks)$/.exec(url.pathname);
    if (match) {
      const [, id, kind] = match;
      if (kind === 'items' && fake.itemsStatus) {
        return apiError(res, fake.itemsStatus, fake.itemsStatus === 404 ? 'Service not found' : 'Forbidden');
      }
      const playlist = playlists.find((p) => p.id === id);
      if (!playlist) return apiError(res, 404, 'Resource not found');
      if (!playlist.owned) return apiError(res, 403, 'Forbidden');
      const key = kind === 'items' ? 'item' : 'track';
      const entries = playlist.tracks.map((t) => ({
        added_at: '2026-01-01T00:00:00Z',
        added_by: { id: 'fake-user', type: 'user' },
        is_local: false,
        [key]: trackJson(t),
      }));
      return json(res, 200, paging(url, entries, kind === 'items' ? 50 : 100));
    }
    return apiError(res, 404, 'Service not found');
  }

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/api/token') {
      tokenEndpoint(req, res).catch(() => oauthError(res, 'server_error', 'Unexpected error'));
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v1/')) return api(url, req, res);
    if (req.method === 'GET' && url.pathname.startsWith('/previews/')) {
      const body = silentMp3();
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length, ...cors });
      return res.end(body);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/images/')) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', ...cors });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#1db954"/></svg>');
    }
    return apiError(res, 404, 'Service not found');
  };

  const running = await listen(handler);
  base = running.url;
  playlists.push(...(options.playlists ?? DEFAULT_PLAYLISTS(base)));

  const fake: SpotifyFake = {
    url: running.url,
    close: running.close,
    clientId,
    playlists,
    requests,
    playlistShape: 'items',
    itemsStatus: null,
    mePlaylistsStatus: null,
    expireAccessTokens() {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    denyNextAuthorization() {
      deny = true;
    },
    reset() {
      requests.length = 0;
      fake.playlistShape = 'items';
      fake.itemsStatus = null;
      fake.mePlaylistsStatus = null;
      deny = false;
    },
  };
  return fake;
}
