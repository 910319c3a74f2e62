import type { DataResponse, Playlist, PlaylistSongCount } from '@samaa/shared';
import { api } from '../../api/client';

export async function fetchUserPlaylists(): Promise<Playlist[]> {
  const res = await api.get<DataResponse<Playlist[]>>('/playlists/user-playlists');
  return res.data.data;
}

export async function fetchPlaylist(id: string): Promise<Playlist> {
  const res = await api.get<DataResponse<Playlist>>(`/playlists/${id}`);
  return res.data.data;
}

export async function createPlaylist(input: { name: string; desc: string; img: string; user: string }): Promise<Playlist> {
  const res = await api.post<DataResponse<Playlist>>('/playlists', input);
  return res.data.data;
}

/** The edit is sent as multipart form fields name, desc, img, as the API reads them. */
export async function updatePlaylist(id: string, input: { name: string; desc: string; img: string }): Promise<Playlist> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('desc', input.desc);
  form.append('img', input.img);
  const res = await api.put<DataResponse<Playlist>>(`/playlists/edit/${id}`, form);
  return res.data.data;
}

export async function deletePlaylist(id: string): Promise<void> {
  await api.delete(`/playlists/${id}`);
}

/** The answer names the playlist and its new number of entries, not the whole playlist. */
export async function addSongToPlaylist(playlistId: string, songId: string): Promise<PlaylistSongCount> {
  const res = await api.put<DataResponse<PlaylistSongCount>>('/playlists/add-song', { playlistId, songId });
  return res.data.data;
}

export async function removeSongFromPlaylist(playlistId: string, songId: string): Promise<Playlist> {
  const res = await api.put<DataResponse<Playlist>>('/playlists/remove-song', { playlistId, songId });
  return res.data.data;
}

/** Moves a song to place `to` (0 is first) among the playlist's songs; answers the playlist in its new order. */
export async function moveSongInPlaylist(playlistId: string, songId: string, to: number): Promise<Playlist> {
  const res = await api.put<DataResponse<Playlist>>('/playlists/move-song', { playlistId, songId, to });
  return res.data.data;
}
