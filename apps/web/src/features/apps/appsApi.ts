import type { ApiKeyInfo, CreatedApiKey } from '@samaa/shared';
import { api, API_ORIGIN } from '../../api/client';

/** /api/account/api-keys: the listener's keys for Subsonic apps. */

export async function listApiKeys(signal?: AbortSignal): Promise<ApiKeyInfo[]> {
  const res = await api.get<{ data: ApiKeyInfo[] }>('/account/api-keys', { signal });
  return res.data.data;
}

export async function createApiKey(name: string): Promise<CreatedApiKey> {
  const res = await api.post<{ data: CreatedApiKey }>('/account/api-keys', { name });
  return res.data.data;
}

export async function revokeApiKey(id: string): Promise<void> {
  await api.delete(`/account/api-keys/${encodeURIComponent(id)}`);
}

/** What to type into a Subsonic app's server field: the API's origin (apps add /rest). */
export const SUBSONIC_SERVER_URL = API_ORIGIN;
