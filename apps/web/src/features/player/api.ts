import type { DataResponse, Playlist, PlayQueue, PlayQueueInput, PlayReport } from '@samaa/shared';
import { api, API_BASE_URL } from '../../api/client';
import { tokenForCurrentArea } from '../../session/session';

/** POST /api/plays: one listen of a catalogue song (best effort). */
export async function reportPlay(report: PlayReport): Promise<void> {
  await api.post('/plays', report);
}

/** The listener's queue kept on the server (null when none). */
export async function fetchPlayQueue(): Promise<PlayQueue | null> {
  const res = await api.get<DataResponse<PlayQueue | null>>('/play-queue');
  return res.data.data;
}

export interface SavedPlayQueue {
  songs: number;
  changed: string;
}

export async function savePlayQueue(queue: PlayQueueInput): Promise<SavedPlayQueue> {
  const res = await api.put<DataResponse<SavedPlayQueue>>('/play-queue', queue);
  return res.data.data;
}

/** A keepalive request may carry this much: a larger queue was saved by the debounced save. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * The queue as the page goes away (pagehide): a keepalive fetch outlives the page, and unlike
 * sendBeacon it can carry the session header. False when it was not sent.
 */
export function sendPlayQueueOnExit(queue: PlayQueueInput): boolean {
  const token = tokenForCurrentArea();
  const body = JSON.stringify(queue);
  if (!token || body.length > KEEPALIVE_MAX_BYTES) return false;
  void fetch(`${API_BASE_URL}/play-queue`, {
    method: 'PUT',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body,
  }).catch(() => undefined);
  return true;
}

/** "Save as playlist": a new own playlist with these songs, in order. */
export async function saveQueueAsPlaylist(name: string, songs: string[]): Promise<Playlist> {
  const res = await api.post<DataResponse<Playlist>>('/play-queue/playlist', { name, songs });
  return res.data.data;
}
