import type { DataResponse, ScrobblingStatus } from '@samaa/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/queryClient';

/** /api/account/scrobbling, /listenbrainz, /lastfm: the listener's scrobbling connections (names, never tokens). */

export async function getScrobbling(signal?: AbortSignal): Promise<ScrobblingStatus> {
  const res = await api.get<DataResponse<ScrobblingStatus>>('/account/scrobbling', { signal });
  return res.data.data;
}

export async function connectListenBrainz(token: string): Promise<ScrobblingStatus> {
  const res = await api.put<DataResponse<ScrobblingStatus>>('/account/listenbrainz', { token });
  return res.data.data;
}

export async function disconnectService(service: 'listenbrainz' | 'lastfm'): Promise<ScrobblingStatus> {
  const res = await api.delete<DataResponse<ScrobblingStatus>>(`/account/${service}`);
  return res.data.data;
}

/** Where to send the browser to allow Samaa on Last.fm. */
export async function lastfmConnectUrl(): Promise<string> {
  const res = await api.get<{ url: string }>('/account/lastfm/connect');
  return res.data.url;
}

export const SCROBBLING_KEY = ['account', 'scrobbling'] as const;

export function useScrobbling() {
  return useQuery({ queryKey: SCROBBLING_KEY, queryFn: ({ signal }) => getScrobbling(signal), staleTime: 0 }, queryClient);
}

export function setScrobbling(status: ScrobblingStatus): void {
  queryClient.setQueryData(SCROBBLING_KEY, status);
}
