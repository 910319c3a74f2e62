import { api } from '../../api/client';

/** The runtime settings GET /api/config gives the SPA (see apps/api/src/config/public.routes.ts). */
export interface PublicConfig {
  spotify: { clientId: string | null; accountsUrl: string; apiUrl: string };
  mailFrom: string;
}

let pending: Promise<PublicConfig> | null = null;

/** Read once per page load; a failed read is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= api
    .get<PublicConfig>('/config')
    .then((res) => res.data)
    .catch((err: unknown) => {
      pending = null;
      throw err;
    });
  return pending;
}

/** Forgets the cached settings (tests; a server that changed its settings). */
export function forgetPublicConfig(): void {
  pending = null;
}
