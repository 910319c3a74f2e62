// The Spotify import: the functions the library and the player call (docs/spotify-import.md).
import { loadPublicConfig } from './settings';
import { SPOTIFY_MESSAGES } from '@samaa/shared';
import { buildAuthorizeUrl } from './auth';
import { SpotifyError } from './errors';
import { loginInPopup } from './popupLogin';

export { completeSpotifyLogin, spotifyRedirectUri, hasSpotifySession, clearSpotifySession } from './auth';
export { fetchSpotifyImportTracks, fetchSpotifyPlaylists, fetchSpotifyPlaylistTracks, type SpotifyPlayerTrack } from './playlists';
export { SpotifyError } from './errors';
export { finishLoginInPopup, isSpotifyLoginPopup } from './popupLogin';

/** Whether SPOTIFY_CLIENT_ID is configured on the server. */
export async function isSpotifyConfigured(): Promise<boolean> {
  const { spotify } = await loadPublicConfig();
  return Boolean(spotify.clientId);
}

/**
 * Spotify's sign-in (authorization code + PKCE) in a popup, so playback goes on in this tab.
 * Resolves true once a Spotify session exists here; throws a SpotifyError with a message to show
 * (not configured, "localhost", cancelled). Where popups are blocked, the tab itself goes to
 * Spotify and comes back to /library.
 */
export async function startSpotifyLogin(): Promise<boolean> {
  const url = await buildAuthorizeUrl();
  const popup = loginInPopup(url);
  if (!popup) {
    window.location.assign(url);
    return false;
  }
  const outcome = await popup;
  if (outcome.error || !outcome.tokens) throw new SpotifyError(outcome.error ?? SPOTIFY_MESSAGES.denied);
  return true;
}
