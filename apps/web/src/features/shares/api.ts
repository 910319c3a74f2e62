import type { DataResponse, PublicShare, ShareInfo, ShareInput, ShareUpdate } from '@samaa/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { getUserToken } from '../../session/session';

/** /api/shares (the listener's own share links) and /api/public/shares (a link's page). */

export async function listShares(signal?: AbortSignal): Promise<ShareInfo[]> {
  return (await api.get<DataResponse<ShareInfo[]>>('/shares', { signal })).data.data;
}

export async function createShare(input: ShareInput): Promise<ShareInfo> {
  return (await api.post<DataResponse<ShareInfo>>('/shares', input)).data.data;
}

export async function updateShare(id: string, changes: ShareUpdate): Promise<ShareInfo> {
  return (await api.put<DataResponse<ShareInfo>>(`/shares/${encodeURIComponent(id)}`, changes)).data.data;
}

export async function revokeShare(id: string): Promise<void> {
  await api.delete(`/shares/${encodeURIComponent(id)}`);
}

/** A link's page: no sign-in needed. */
export async function fetchPublicShare(id: string, signal?: AbortSignal): Promise<PublicShare> {
  return (await api.get<PublicShare>(`/public/shares/${encodeURIComponent(id)}`, { signal })).data;
}

export const SHARES_KEY = ['shares'] as const;

export function useShares() {
  return useQuery({ queryKey: SHARES_KEY, queryFn: ({ signal }) => listShares(signal), staleTime: 0 }, queryClient);
}

/** After a create, an edit or a revoke: the Shares page reads the list again. */
export function sharesChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SHARES_KEY });
}

/**
 * Whether a signed-in listener may share (SHARES on the server); while unknown, and for anyone
 * signed out, share actions stay hidden.
 */
export function useSharesEnabled(): boolean {
  const { data } = useQuery(
    {
      queryKey: ['config', 'shares'],
      enabled: Boolean(getUserToken()),
      queryFn: async () => (await api.get<{ shares?: unknown }>('/config')).data.shares !== false,
      staleTime: Infinity,
    },
    queryClient,
  );
  return data === true;
}
