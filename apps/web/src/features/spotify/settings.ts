import { api } from '../../api/client';
import { queryClient } from '../../api/queryClient';

/** The runtime settings GET /api/config gives the SPA (see apps/api/src/config/public.routes.ts). */
export interface PublicConfig {
  spotify: { clientId: string | null; accountsUrl: string; apiUrl: string };
  mailFrom: string;
}

const PUBLIC_CONFIG = ['config', 'public'] as const;

/**
 * Read once per page load through the query cache (the Spotify sign-in reads it from click
 * handlers, outside any component); concurrent callers share one request, and a failed read is
 * tried again on the next call.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  return queryClient.fetchQuery({
    queryKey: PUBLIC_CONFIG,
    queryFn: async () => (await api.get<PublicConfig>('/config')).data,
    staleTime: Infinity,
  });
}

/** Forgets the cached settings (tests; a server that changed its settings). */
export function forgetPublicConfig(): void {
  queryClient.removeQueries({ queryKey: PUBLIC_CONFIG });
}
