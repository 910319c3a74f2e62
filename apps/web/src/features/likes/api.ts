import type { DataResponse } from '@samaa/shared';
import { api } from '../../api/client';
import { asSongPage, type SongPage } from '../catalogue';

/** Toggles the like; resolves to the new state. */
export async function toggleLike(songId: string): Promise<boolean> {
  const res = await api.put<{ liked?: boolean; message: string }>(`/songs/like/${songId}`);
  return Boolean(res.data.liked);
}

/** One page of a user's liked songs, most recently liked first. */
export async function fetchLikedSongPage(userId: string, page: number, limit: number): Promise<SongPage> {
  const res = await api.get<Partial<SongPage>>(`/songs/like/${userId}`, { params: { limit, page } });
  return asSongPage(res.data);
}

/** Ids of the songs the current user likes (for the hearts' initial state). */
export async function fetchLikedSongIds(): Promise<string[]> {
  const res = await api.get<DataResponse<string[]>>('/songs/like/ids');
  return res.data.data;
}
