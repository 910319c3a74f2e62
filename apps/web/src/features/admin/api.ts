import type { AdminAnalytics, DataResponse, Song, SongInput, UserRecord } from '@samaa/shared';
import { api } from '../../api/client';

// Admin calls: the client sends the admin token in the admin area.

/** A song as the admin form sends it: the catalogue fields and what the audio's tags said. */
export async function createSong(input: SongInput): Promise<Song> {
  const res = await api.post<DataResponse<Song>>('/songs', input);
  return res.data.data;
}

export async function updateSong(id: string, input: SongInput): Promise<Song> {
  const res = await api.put<DataResponse<Song>>(`/songs/${id}`, input);
  return res.data.data;
}

export async function deleteSong(id: string): Promise<void> {
  await api.delete(`/songs/${id}`);
}

export async function fetchUsers(): Promise<UserRecord[]> {
  const res = await api.get<DataResponse<UserRecord[]>>('/users');
  return res.data.data;
}

export async function deleteUser(id: string): Promise<void> {
  await api.delete(`/users/${id}`);
}

/** GET /api/admin/analytics. */
export async function fetchAdminAnalytics(): Promise<AdminAnalytics> {
  const res = await api.get<DataResponse<AdminAnalytics>>('/admin/analytics');
  return res.data.data;
}
