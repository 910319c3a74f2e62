import { MEDIA_SESSION_PATHS } from '@samaa/shared';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';
import { tokenForCurrentArea } from './session';

/*
 * The media cookie (docs/media.md): covers and audio elements load /media with it, as they cannot
 * send the token. Sign-in sets it; a session restored from storage asks for it once per page load;
 * logout clears it.
 */

export const MEDIA_SESSION_QUERY_KEY = ['media-session'] as const;
/** The token the cookie was last set for in this tab: a reload need not ask again. */
const COOKIE_FOR_KEY = 'samaa.mediaCookieFor';

function remembered(): string | null {
  try {
    return sessionStorage.getItem(COOKIE_FOR_KEY);
  } catch {
    return null;
  }
}

function remember(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(COOKIE_FOR_KEY, token);
    else sessionStorage.removeItem(COOKIE_FOR_KEY);
  } catch {
    // Private mode: the cookie is asked for on each load.
  }
}

/** POST /api/account/media-session: (re)sets the cookie for the signed-in session, once per token and tab. */
export async function startMediaSession(): Promise<true> {
  const token = tokenForCurrentArea();
  if (token && remembered() === token) return true;
  await api.post(MEDIA_SESSION_PATHS.mediaSession);
  remember(token);
  return true;
}

/** The sign-in response set the cookie already: the shell need not ask for it. */
export function mediaSessionStarted(token?: string): void {
  remember(token ?? null);
  queryClient.setQueryData(MEDIA_SESSION_QUERY_KEY, true);
}

/** POST /api/logout: clears the cookie. */
export async function endMediaSession(): Promise<void> {
  remember(null);
  await api.post(MEDIA_SESSION_PATHS.logout);
  queryClient.removeQueries({ queryKey: MEDIA_SESSION_QUERY_KEY });
}
