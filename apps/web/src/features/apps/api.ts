import type { ApiKeyInfo, CreatedApiKey, DataResponse } from '@samaa/shared';
import { useQuery } from '@tanstack/react-query';
import { api, API_ORIGIN } from '../../api/client';
import { queryClient } from '../../api/queryClient';

/** /api/account/api-keys: the listener's keys for Subsonic apps. */

export async function listApiKeys(signal?: AbortSignal): Promise<ApiKeyInfo[]> {
  const res = await api.get<DataResponse<ApiKeyInfo[]>>('/account/api-keys', { signal });
  return res.data.data;
}

export async function createApiKey(name: string): Promise<CreatedApiKey> {
  const res = await api.post<DataResponse<CreatedApiKey>>('/account/api-keys', { name });
  return res.data.data;
}

export async function revokeApiKey(id: string): Promise<void> {
  await api.delete(`/account/api-keys/${encodeURIComponent(id)}`);
}

/** What to type into a Subsonic app's server field: the API's origin (apps add /rest). */
export const SUBSONIC_SERVER_URL = API_ORIGIN;

export const API_KEYS_KEY = ['account', 'api-keys'] as const;

/** The listener's API keys (never the secrets). */
export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => listApiKeys(signal), staleTime: 0 }, queryClient);
}

/** After a create or a revoke: the list as the server now has it, put in place at once. */
export function setApiKeys(update: (keys: ApiKeyInfo[]) => ApiKeyInfo[]): void {
  queryClient.setQueryData<ApiKeyInfo[]>(API_KEYS_KEY, (current) => update(current ?? []));
}
