// Contract of the Spotify import (the player/third-party feature replaces the bodies).
import type { CardViewModel } from '@samaa/shared';

/** Whether SPOTIFY_CLIENT_ID is configured on the server. */
export async function isSpotifyConfigured(): Promise<boolean> {
  return false;
}

/** Redirects to Spotify's authorize page (authorization code + PKCE). */
export async function startSpotifyLogin(): Promise<void> {}

/** On /library: finishes a redirect back from Spotify (code exchange). True when a session exists. */
export async function completeSpotifyLogin(): Promise<boolean> {
  return false;
}

/** The user's playlists as card view models. Throws with a message on failure. */
export async function fetchSpotifyPlaylists(): Promise<CardViewModel[]> {
  return [];
}
