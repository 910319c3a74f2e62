import { MESSAGES, type Playlist, type Song, type SongInput, type UserRecord } from '@samaa/shared';
import { api } from './client';
import { getUserToken } from '../session/session';

/** Typed calls to our own API (SPEC §7). One place, used by every screen. */

/**
 * SPEC §8: the listener's like, add-song, search, playlist and liked-song calls need the stored
 * user token; without it the call is logged as "User not authenticated" and not sent.
 */
export function hasUserToken(): boolean {
  if (getUserToken()) return true;
  console.error(MESSAGES.userNotAuthenticated);
  return false;
}

/** One page of songs and how many the whole list holds. */
export interface SongPage {
  data: Song[];
  total: number;
}

/** An answer without a total (an older server) counts what it holds. */
function asSongPage(body: { data?: Song[]; total?: number }): SongPage {
  const data = Array.isArray(body.data) ? body.data : [];
  return { data, total: typeof body.total === 'number' ? body.total : data.length };
}

/** One page of the catalogue, newest first. */
export async function fetchSongPage(page: number, limit: number): Promise<SongPage> {
  const res = await api.get<{ data: Song[]; total?: number }>('/songs', { params: { limit, page } });
  return asSongPage(res.data);
}

export async function searchCatalogue(query: string): Promise<{ songs: Song[]; playlists: Playlist[] }> {
  const res = await api.get<{ songs: Song[]; playlists?: Playlist[] }>('/search', { params: { search: query } });
  return { songs: res.data.songs ?? [], playlists: res.data.playlists ?? [] };
}

/** Toggles the like; resolves to the new state. */
export async function toggleLike(songId: string): Promise<boolean> {
  const res = await api.put<{ liked?: boolean; message: string }>(`/songs/like/${songId}`);
  return Boolean(res.data.liked);
}

/** One page of a user's liked songs, most recently liked first. */
export async function fetchLikedSongPage(userId: string, page: number, limit: number): Promise<SongPage> {
  const res = await api.get<{ data: Song[]; total?: number }>(`/songs/like/${userId}`, { params: { limit, page } });
  return asSongPage(res.data);
}

/** Ids of the songs the current user likes (for the hearts' initial state). */
export async function fetchLikedSongIds(): Promise<string[]> {
  const res = await api.get<{ data: string[] }>('/songs/like/ids');
  return res.data.data;
}

export async function fetchUserPlaylists(): Promise<Playlist[]> {
  const res = await api.get<{ data: Playlist[] }>('/playlists/user-playlists');
  return res.data.data;
}

export async function fetchPlaylist(id: string): Promise<Playlist> {
  const res = await api.get<{ data: Playlist }>(`/playlists/${id}`);
  return res.data.data;
}

export async function createPlaylist(input: { name: string; desc: string; img: string; user: string }): Promise<Playlist> {
  const res = await api.post<{ data: Playlist; message: string }>('/playlists', input);
  return res.data.data;
}

/** SPEC §7: the edit is sent as multipart form fields name, desc, img. */
export async function updatePlaylist(id: string, input: { name: string; desc: string; img: string }): Promise<Playlist> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('desc', input.desc);
  form.append('img', input.img);
  const res = await api.put<{ data: Playlist; message: string }>(`/playlists/edit/${id}`, form);
  return res.data.data;
}

export async function deletePlaylist(id: string): Promise<void> {
  await api.delete(`/playlists/${id}`);
}

export async function addSongToPlaylist(playlistId: string, songId: string): Promise<Playlist> {
  const res = await api.put<{ data: Playlist }>('/playlists/add-song', { playlistId, songId });
  return res.data.data;
}

export async function removeSongFromPlaylist(playlistId: string, songId: string): Promise<Playlist> {
  const res = await api.put<{ data: Playlist }>('/playlists/remove-song', { playlistId, songId });
  return res.data.data;
}

// Admin calls (the admin token is picked by the client in the admin area).

/** A song as the admin form sends it: the catalogue fields and what the audio's tags said. */
export type SongInputBody = SongInput;

export async function createSong(input: SongInputBody): Promise<Song> {
  const res = await api.post<{ data: Song }>('/songs', input);
  return res.data.data;
}

export async function updateSong(id: string, input: SongInputBody): Promise<Song> {
  const res = await api.put<{ data: Song }>(`/songs/${id}`, input);
  return res.data.data;
}

export async function deleteSong(id: string): Promise<void> {
  await api.delete(`/songs/${id}`);
}

export async function fetchUsers(): Promise<UserRecord[]> {
  const res = await api.get<{ data: UserRecord[] }>('/users');
  return res.data.data;
}

export async function deleteUser(id: string): Promise<void> {
  await api.delete(`/users/${id}`);
}
