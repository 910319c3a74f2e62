import * as spotify from '../spotify/spotify';
import type { PlayerTrack } from './queue';

/**
 * The Spotify feature owns the calls to Spotify; it provides
 * `fetchSpotifyPlaylistTracks(id, accessToken?)`: a playlist's tracks as PlayerTracks (preview_url,
 * else a JioSaavn match through our API, else unavailable). Looked up by name so the player
 * builds and runs (with a clear error) until that function lands.
 */
type FetchTracks = (id: string, accessToken?: string) => Promise<PlayerTrack[]>;

export const SPOTIFY_TRACKS_UNAVAILABLE = 'Spotify playlists cannot be played yet.';

export function fetchSpotifyPlaylistTracks(
  id: string,
  accessToken?: string,
): Promise<PlayerTrack[]> {
  const fetchTracks = (spotify as unknown as Record<string, unknown>).fetchSpotifyPlaylistTracks;
  if (typeof fetchTracks !== 'function')
    return Promise.reject(new Error(SPOTIFY_TRACKS_UNAVAILABLE));
  return (fetchTracks as FetchTracks)(id, accessToken);
}
