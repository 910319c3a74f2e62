import type { DataResponse } from '@samaa/shared';
import { api } from '../../api/client';

/** What GET /api/saavn/resolve answers for a track JioSaavn has. */
export interface ResolvedTrack {
  name: string;
  artist: string;
  img: string;
  src: string;
}

/** The API validates 1 to 100 characters. */
const clip = (text: string) => text.trim().slice(0, 100);

/** A playable JioSaavn song for a title and first artist, through our API; null when none. */
export async function resolveOnSaavn(title: string, artist?: string): Promise<ResolvedTrack | null> {
  if (!clip(title)) return null;
  const params: Record<string, string> = { title: clip(title) };
  if (artist && clip(artist)) params.artist = clip(artist);
  const res = await api.get<DataResponse<ResolvedTrack | null>>('/saavn/resolve', { params });
  return res.data.data?.src ? res.data.data : null;
}
