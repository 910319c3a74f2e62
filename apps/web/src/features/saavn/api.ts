import { saavnAudioUrl, saavnImageUrl, type CardViewModel, type SaavnPlaylist, type SaavnSong } from '@samaa/shared';
import { AxiosError } from 'axios';
import { api, errorMessage } from '../../api/client';

/**
 * JioSaavn through our API's proxy (/api/saavn/...), which mirrors the upstream wire format:
 * `{ success, data: { results } }` for searches and `{ success, data }` for a playlist.
 */

export const FEED_DEFAULT_QUERY = 'Pop';
export const TRENDING_QUERY = 'trending playlists';

export async function searchSaavnPlaylists(query: string): Promise<SaavnPlaylist[]> {
  const res = await api.get<{ success: boolean; data: { results: SaavnPlaylist[] } }>('/saavn/search/playlists', {
    params: { query },
  });
  if (!res.data.success) throw new Error('Saavn search failed');
  return res.data.data.results ?? [];
}

export async function fetchSaavnPlaylist(id: string): Promise<SaavnPlaylist> {
  const res = await api.get<{ success: boolean; data: SaavnPlaylist }>('/saavn/playlists', { params: { id } });
  if (!res.data.success) throw new Error('Saavn playlist failed');
  return res.data.data;
}

export async function searchSaavnSongs(query: string): Promise<SaavnSong[]> {
  const res = await api.get<{ success: boolean; data: { results: SaavnSong[] } }>('/saavn/search/songs', {
    params: { query },
  });
  if (!res.data.success) throw new Error('Saavn search failed');
  return res.data.data.results ?? [];
}

/** JioSaavn's third image size (500x500) and fifth download entry (320 kbps). */
export const saavnImage = saavnImageUrl;
export const saavnAudio = saavnAudioUrl;

/**
 * A Saavn failure is worded two ways: "Failed to fetch X." when the service answered without
 * success, "Error fetching X: {msg}" when the call itself failed. This gives {msg} for the latter.
 */
export function saavnFailureDetail(error: unknown): string | null {
  if (error instanceof AxiosError) return errorMessage(error, error.message);
  return null;
}

/** A Saavn playlist as a card (feed, trending): the third image size and the song count. */
export function saavnPlaylistCard(playlist: SaavnPlaylist): CardViewModel {
  const url = saavnImage(playlist.image);
  return {
    id: playlist.id,
    name: playlist.name,
    images: url ? [{ url }] : [],
    tracks: { total: Number(playlist.songCount) || 0 },
  };
}
