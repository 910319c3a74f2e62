import type { CatalogueSearchAnswer, DataResponse, Playlist, Song } from '@samaa/shared';
import { api } from '../../api/client';

/** One page of songs and how many the whole list holds. */
export interface SongPage extends DataResponse<Song[]> {
  total: number;
}

/** An answer without a total (an older server) counts what it holds. */
export function asSongPage(body: { data?: Song[]; total?: number }): SongPage {
  const data = Array.isArray(body.data) ? body.data : [];
  return { data, total: typeof body.total === 'number' ? body.total : data.length };
}

/** One page of the catalogue, newest first. */
export async function fetchSongPage(page: number, limit: number): Promise<SongPage> {
  const res = await api.get<Partial<SongPage>>('/songs', { params: { limit, page } });
  return asSongPage(res.data);
}

/** At most 20 songs and the playlists whose names match (GET /api/search); `signal` cancels it. */
export async function searchCatalogue(query: string, signal?: AbortSignal): Promise<{ songs: Song[]; playlists: Playlist[] }> {
  const res = await api.get<{ songs: Song[]; playlists?: Playlist[] }>('/search', { params: { search: query }, signal });
  return { songs: res.data.songs ?? [], playlists: res.data.playlists ?? [] };
}

/** The albums and artists that match (GET /api/search/catalogue), a few of each. */
export async function searchAlbumsAndArtists(query: string, signal?: AbortSignal): Promise<CatalogueSearchAnswer> {
  const res = await api.get<Partial<CatalogueSearchAnswer>>('/search/catalogue', { params: { search: query }, signal });
  return { albums: res.data.albums ?? [], artists: res.data.artists ?? [] };
}
