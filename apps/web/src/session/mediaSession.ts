import { MEDIA_SESSION_PATHS } from '@samaa/shared';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';

/*
 * The media cookie (docs/media.md): covers and audio elements load /media with it, as they cannot
 * send the token. Sign-in sets it; a session restored from storage asks for it once per page load;
 * logout clears it.
 */

export const MEDIA_SESSION_QUERY_KEY = ['media-session'] as const;

/** POST /api/account/media-session: (re)sets the cookie for the signed-in session. */
export async function startMediaSession(): Promise<true> {
  await api.post(MEDIA_SESSION_PATHS.mediaSession);
  return true;
}

/** The sign-in response set the cookie already: the shell need not ask for it. */
export function mediaSessionStarted(): void {
  queryClient.setQueryData(MEDIA_SESSION_QUERY_KEY, true);
}

/** POST /api/logout: clears the cookie. */
export async function endMediaSession(): Promise<void> {
  await api.post(MEDIA_SESSION_PATHS.logout);
  queryClient.removeQueries({ queryKey: MEDIA_SESSION_QUERY_KEY });
}
