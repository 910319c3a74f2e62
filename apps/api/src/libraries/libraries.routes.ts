import { Router } from 'express';
import { LIBRARY_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { notFound } from '../http/errors.js';
import { librariesOf } from './libraries.service.js';

/** /api/admin/libraries (admins only): the music folders, their last scan, and "Scan now". */
export function librariesRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireAdmin);

  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await librariesOf(ctx).views() });
  });

  router.post('/:id/scan', (req, res) => {
    const outcome = librariesOf(ctx).scan(String(req.params.id));
    if (!outcome) throw notFound(LIBRARY_MESSAGES.notFound);
    res.status(202).json({ message: outcome === 'started' ? LIBRARY_MESSAGES.scanStarted : LIBRARY_MESSAGES.scanQueued });
  });

  return router;
}
