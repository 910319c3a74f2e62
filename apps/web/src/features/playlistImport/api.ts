import type {
  ImportInput,
  ImportRowResolution,
  PlaylistImportResult,
} from '@samaa/shared';
import { api } from '../../api/client';

/** Calls of the playlist import, review and export (docs/spotify-import.md). */

export interface ImportAnswer extends PlaylistImportResult {
  message?: string;
}

/** `saavn`: the listener ticked "Also look on JioSaavn" (titles and artists then go there). */
export async function importPlaylistFile({ file, saavn = false }: { file: File; saavn?: boolean }): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('saavn', String(saavn));
  form.append('file', file, file.name);
  const res = await api.post<ImportAnswer>('/playlists/import', form);
  return res.data;
}

export async function importSpotifyPlaylist(spotifyPlaylistId: string, name: string, tracks: ImportInput[], saavn = false): Promise<ImportAnswer> {
  const res = await api.post<ImportAnswer>('/playlists/import', { source: 'spotify', spotifyPlaylistId, name, tracks, saavn });
  return res.data;
}

export async function fetchImport(playlistId: string): Promise<PlaylistImportResult> {
  const res = await api.get<PlaylistImportResult>(`/playlists/${playlistId}/import`);
  return res.data;
}

export async function resolveImportRow(playlistId: string, index: number, resolution: ImportRowResolution): Promise<ImportAnswer> {
  const res = await api.put<ImportAnswer>(`/playlists/${playlistId}/import-rows/${index}`, resolution);
  return res.data;
}

export async function matchImportAgain(playlistId: string): Promise<ImportAnswer> {
  const res = await api.post<ImportAnswer>(`/playlists/${playlistId}/import/match-again`);
  return res.data;
}

export type ExportFormat = 'm3u8' | 'csv';

/** Downloads an export: fetched with the listener's token, then saved under the server's file name. */
export async function downloadExport(playlistId: string, format: ExportFormat, fallbackName: string): Promise<void> {
  const res = await api.get<Blob>(`/playlists/${playlistId}/export`, { params: { format }, responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : `${fallbackName}.${format}`;
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
