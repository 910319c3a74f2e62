import { SPOTIFY_MESSAGES } from '@samaa/shared';
import { loadPublicConfig } from './settings';
import { SpotifyError } from './errors';

/** Where a Web API call gets its bearer token, and how it gets a new one after a 401. */
export interface TokenSource {
  token(): Promise<string | null>;
  /** A fresh token, or null when there is no way to get one. */
  refresh(): Promise<string | null>;
}

/** Spotify's paging object (only what we read). */
interface Paging<T> {
  items?: (T | null)[];
  next?: string | null;
}

const MAX_RATE_LIMIT_WAIT_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messageOf(status: number, body: unknown): string {
  if (status === 403) return SPOTIFY_MESSAGES.devModeForbidden;
  if (status === 401) return SPOTIFY_MESSAGES.sessionEnded;
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? `Spotify: ${message} (${status})` : `Spotify answered ${status}.`;
}

/**
 * GET on the Web API with a bearer token: one retry with a refreshed token after a 401, one
 * retry after a short 429 pause. Absolute URLs (Spotify's `next` links) must stay on the API's
 * origin, so the token never goes anywhere else.
 */
export async function spotifyGet<T>(pathOrUrl: string, tokens: TokenSource): Promise<T> {
  const { spotify } = await loadPublicConfig();
  const url = new URL(pathOrUrl, `${spotify.apiUrl}/`);
  if (url.origin !== new URL(spotify.apiUrl).origin) throw new SpotifyError(`Unexpected Spotify address: ${url.origin}`);

  let token = await tokens.token();
  if (!token) throw new SpotifyError(SPOTIFY_MESSAGES.notConnected, 401);
  let refreshed = false;
  let waited = false;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    } catch {
      throw new SpotifyError(SPOTIFY_MESSAGES.unreachable);
    }
    if (res.ok) {
      try {
        return (await res.json()) as T;
      } catch {
        throw new SpotifyError(`Spotify sent an answer we could not read.`, res.status);
      }
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 401 && !refreshed) {
      refreshed = true;
      const next = await tokens.refresh();
      if (next) {
        token = next;
        continue;
      }
    }
    if (res.status === 429 && !waited) {
      const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
      if (wait <= MAX_RATE_LIMIT_WAIT_MS) {
        waited = true;
        await sleep(wait);
        continue;
      }
    }
    throw new SpotifyError(messageOf(res.status, body), res.status);
  }
}

/** Every item of a paged list, following `next` up to `max` items. Null entries are dropped. */
export async function spotifyGetAll<T>(path: string, tokens: TokenSource, max: number): Promise<T[]> {
  const all: T[] = [];
  let next: string | null | undefined = path;
  while (next && all.length < max) {
    const page: Paging<T> = await spotifyGet<Paging<T>>(next, tokens);
    for (const item of page.items ?? []) if (item) all.push(item);
    next = page.next;
  }
  return all.slice(0, max);
}
