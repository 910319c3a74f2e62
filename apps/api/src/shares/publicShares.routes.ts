import { Router } from 'express';
import type { AppContext } from '../context.js';
import { downloadLink, visitShare } from './publicShares.service.js';

/**
 * /api/public/shares: a share link's page, for anyone who has the link (no sign-in). It answers
 * only what the share holds; unknown, revoked and expired links get the same 404.
 */
export function publicSharesRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/:id', async (req, res) => {
    const body = await visitShare(ctx, String(req.params.id));
    // Signed links inside: never kept by a shared cache, nor past their lifetime by the browser.
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').json(body);
  });

  router.get('/:id/songs/:songId/download', async (req, res) => {
    const link = await downloadLink(ctx, String(req.params.id), String(req.params.songId));
    res.set('Cache-Control', 'no-store').redirect(302, link);
  });

  return router;
}
