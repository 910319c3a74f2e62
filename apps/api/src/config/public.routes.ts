import { Router } from 'express';
import type { AppContext } from '../context.js';

/** What the SPA may know about the server's settings. Never secrets: this route is public. */
export interface PublicConfig {
  spotify: { clientId: string | null; accountsUrl: string; apiUrl: string };
  mailFrom: string;
  /** Whether listeners may make share links (SHARES). */
  shares: boolean;
}

export function publicConfig(ctx: AppContext): PublicConfig {
  const { spotify, mail } = ctx.config;
  return {
    // A PKCE client id is public by design (it travels in the authorize URL).
    spotify: { clientId: spotify.clientId || null, accountsUrl: spotify.accountsUrl, apiUrl: spotify.apiUrl },
    mailFrom: mail.from,
    shares: ctx.config.shares,
  };
}

/** GET /api/config: runtime settings the SPA reads at start (no rebuild needed to change them). */
export function publicConfigRouter(ctx: AppContext): Router {
  const router = Router();
  const body = publicConfig(ctx);
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(body);
  });
  return router;
}
