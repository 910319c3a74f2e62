import type { SongLyrics, DataResponse } from '@samaa/shared';
import { AxiosError } from 'axios';
import { api } from '../../api/client';

/** Catalogue songs have ObjectIds; JioSaavn and other outside tracks have no lyrics here. */
export const isCatalogueSongId = (id: string | undefined | null): id is string => !!id && /^[a-f0-9]{24}$/i.test(id);

/** A song's lyrics, or null when it has none (asked as optional: a 204, not a 404 in the console). */
export async function fetchLyrics(songId: string): Promise<SongLyrics | null> {
  try {
    const res = await api.get<SongLyrics | ''>(`/songs/${songId}/lyrics`, { params: { optional: 1 } });
    return res.status === 204 || !res.data ? null : res.data;
  } catch (err) {
    if (err instanceof AxiosError && err.response?.status === 404) return null;
    throw err;
  }
}

/** An admin's .lrc or .txt file, sent as it is: the server decodes and checks it. */
export async function uploadLyrics(songId: string, file: Blob): Promise<SongLyrics> {
  const res = await api.put<DataResponse<SongLyrics>>(`/songs/${songId}/lyrics`, await file.arrayBuffer(), {
    headers: { 'content-type': 'application/octet-stream' },
  });
  return res.data.data;
}

export async function removeLyrics(songId: string): Promise<void> {
  await api.delete(`/songs/${songId}/lyrics`);
}
