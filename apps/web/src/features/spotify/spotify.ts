// The Spotify import: the functions the library and the player call (docs/spotify-import.md).
import { loadPublicConfig } from './settings';
import { buildAuthorizeUrl } from './auth';

export { completeSpotifyLogin, spotifyRedirectUri, hasSpotifySession, clearSpotifySession } from './auth';
export { fetchSpotifyPlaylists, fetchSpotifyPlaylistTracks, type SpotifyPlayerTrack } from './playlists';
export { SpotifyError } from './errors';

/** Whether SPOTIFY_CLIENT_ID is configured on the server. */
export async function isSpotifyConfigured(): Promise<boolean> {
  const { spotify } = await loadPublicConfig();
  return Boolean(spotify.clientId);
}

/**
 * Redirects to Spotify's authorize page (authorization code + PKCE). Throws a SpotifyError with a
 * message to show when the import is not configured or the page is on "localhost".
 */
export async function startSpotifyLogin(): Promise<void> {
  window.location.assign(await buildAuthorizeUrl());
}
