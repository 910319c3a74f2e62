import { Router } from 'express';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { adminAnalytics } from './analytics.service.js';

/** Mounted on /api/admin: GET /analytics (admin only) → { data: AdminAnalytics }. */
export function analyticsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/analytics', requireAuth(ctx), requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'private, no-store').json({ data: await adminAnalytics(ctx) });
  });

  return router;
}
