import { Router } from 'express';
import { LIBRARY_MESSAGES, scanRequestSchema, type ScanRequest } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { notFound } from '../http/errors.js';
import { validate } from '../http/validate.js';

/** /api/admin/libraries (admins only): the music folders, their last scan, "Scan now" and "Full rescan". */
export function librariesRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireAdmin);

  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await ctx.libraries.views() });
  });

  router.post('/:id/scan', (req, res) => {
    const { full } = validate<ScanRequest>(scanRequestSchema, req.body);
    const outcome = ctx.libraries.scan(String(req.params.id), { full });
    if (!outcome) throw notFound(LIBRARY_MESSAGES.notFound);
    const started = full ? LIBRARY_MESSAGES.fullScanStarted : LIBRARY_MESSAGES.scanStarted;
    res.status(202).json({ message: outcome === 'started' ? started : LIBRARY_MESSAGES.scanQueued });
  });

  return router;
}
