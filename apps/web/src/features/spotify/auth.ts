import { SPOTIFY_MESSAGES, spotifySignInFailed, spotifyUseLoopback } from '@samaa/shared';
import { challengeFor, randomState, randomVerifier } from './pkce';
import { loadPublicConfig } from './settings';
import { SpotifyError } from './errors';

/**
 * Spotify sign-in with the authorization code flow and PKCE, entirely in the browser (Spotify
 * removed the implicit grant on 27 November 2025). Tokens live in this tab's sessionStorage only.
 */

export const SPOTIFY_SCOPES = 'user-read-private playlist-read-private';

const TOKENS_KEY = 'samaa.spotify.tokens';
const LOGIN_KEY = 'samaa.spotify.login';
/** Refresh this long before the access token expires. */
const EXPIRY_MARGIN_MS = 60_000;

export interface SpotifyTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

interface PendingLogin {
  verifier: string;
  state: string;
  redirectUri: string;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const readTokens = () => readJson<SpotifyTokens>(TOKENS_KEY);
export const saveTokens = (tokens: SpotifyTokens) => sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
export const clearSpotifySession = () => sessionStorage.removeItem(TOKENS_KEY);
export const hasSpotifySession = () => readTokens() !== null;

/**
 * The redirect URI to register in the Spotify dashboard: this origin's /library, with
 * "localhost" written as 127.0.0.1 (Spotify accepts loopback IPs over http, not "localhost").
 */
export function spotifyRedirectUri(location: Pick<Location, 'origin'> = window.location): string {
  const url = new URL('/library', location.origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.toString();
}

/** Prepares a login (verifier and state kept in this tab) and gives Spotify's authorize URL. */
export async function buildAuthorizeUrl(): Promise<string> {
  const { spotify } = await loadPublicConfig();
  if (!spotify.clientId) throw new SpotifyError(SPOTIFY_MESSAGES.notConfigured);
  const redirectUri = spotifyRedirectUri();
  if (window.location.hostname === 'localhost') {
    // The verifier and the listener's session are stored per origin: a round trip through
    // 127.0.0.1 would land in a tab that has neither.
    throw new SpotifyError(spotifyUseLoopback(new URL(redirectUri).origin));
  }
  const login: PendingLogin = { verifier: randomVerifier(), state: randomState(), redirectUri };
  sessionStorage.setItem(LOGIN_KEY, JSON.stringify(login));
  clearSpotifySession();
  const url = new URL(`${spotify.accountsUrl}/authorize`);
  url.search = new URLSearchParams({
    client_id: spotify.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SPOTIFY_SCOPES,
    state: login.state,
    code_challenge_method: 'S256',
    code_challenge: await challengeFor(login.verifier),
  }).toString();
  return url.toString();
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** POST {accountsUrl}/api/token (form encoded, no client secret: PKCE). */
async function requestTokens(form: Record<string, string>, previousRefresh: string | null = null): Promise<SpotifyTokens> {
  const { spotify } = await loadPublicConfig();
  let res: Response;
  try {
    res = await fetch(`${spotify.accountsUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: spotify.clientId ?? '', ...form }).toString(),
    });
  } catch {
    throw new SpotifyError(SPOTIFY_MESSAGES.unreachable);
  }
  const body = (await res.json().catch(() => null)) as TokenAnswer | null;
  if (!res.ok || !body?.access_token) {
    const detail = body?.error_description || body?.error || `HTTP ${res.status}`;
    throw new SpotifyError(spotifySignInFailed(detail), res.status, body?.error);
  }
  const tokens: SpotifyTokens = {
    accessToken: body.access_token,
    // Spotify may or may not send a new refresh token; keep the old one when it does not.
    refreshToken: body.refresh_token ?? previousRefresh,
    expiresAt: Date.now() + (Number(body.expires_in) || 3600) * 1000,
  };
  saveTokens(tokens);
  return tokens;
}

let completion: Promise<boolean> | null = null;

/**
 * On /library: finishes a redirect back from Spotify (?code&state or ?error&state) by exchanging
 * the code. Resolves true when a Spotify session exists. Calls made while an exchange runs share
 * it (React StrictMode runs effects twice).
 */
export function completeSpotifyLogin(): Promise<boolean> {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const error = params.get('error');
  if (code === null && error === null) return completion ?? Promise.resolve(hasSpotifySession());

  const state = params.get('state');
  const login = readJson<PendingLogin>(LOGIN_KEY);
  sessionStorage.removeItem(LOGIN_KEY);
  // The code is single-use: take it out of the address bar so a reload does not replay it.
  for (const key of ['code', 'state', 'error']) params.delete(key);
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);

  const finish = async () => {
    if (error !== null) throw new SpotifyError(error === 'access_denied' ? SPOTIFY_MESSAGES.denied : spotifySignInFailed(error));
    if (!login || !state || login.state !== state) throw new SpotifyError(SPOTIFY_MESSAGES.stateMismatch);
    await requestTokens({
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: login.redirectUri,
      code_verifier: login.verifier,
    });
    return true;
  };
  const running = finish().finally(() => {
    if (completion === running) completion = null;
  });
  completion = running;
  return running;
}

let refreshing: Promise<string | null> | null = null;

/** Trades the refresh token for a new access token; null (and the session cleared) when that fails. */
export function refreshSpotifyToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const tokens = readTokens();
    if (!tokens?.refreshToken) {
      clearSpotifySession();
      return null;
    }
    try {
      const next = await requestTokens(
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        tokens.refreshToken,
      );
      return next.accessToken;
    } catch (err) {
      // invalid_grant: revoked or already used. Anything else may be passing; keep the session.
      if (err instanceof SpotifyError && err.code === 'invalid_grant') clearSpotifySession();
      else throw err;
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A usable access token (refreshed when about to expire), or null without a session. */
export async function spotifyAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (tokens.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return tokens.accessToken;
  return refreshSpotifyToken();
}
