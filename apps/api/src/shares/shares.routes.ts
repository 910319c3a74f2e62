import { Router } from 'express';
import { SHARE_MESSAGES, shareInputSchema, shareUpdateSchema } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { validate } from '../http/validate.js';
import { asInfo, createShare, listShares, revokeShare, updateShare, type ShareChanges, type ShareRequest } from './shares.service.js';

/** /api/shares: a listener's own share links. Every route is owner-only. */
export function sharesRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx));

  router.post('/', async (req, res) => {
    const input = validate<ShareRequest>(shareInputSchema, req.body);
    const data = asInfo(await createShare(ctx, authUser(req)._id, input));
    res.status(201).json({ data, message: SHARE_MESSAGES.created });
  });

  router.get('/', async (req, res) => {
    const shares = await listShares(ctx, authUser(req)._id);
    res.set('Cache-Control', 'private, no-cache').json({ data: shares.map(asInfo) });
  });

  router.put('/:id', async (req, res) => {
    const changes = validate<ShareChanges>(shareUpdateSchema, req.body);
    const data = asInfo(await updateShare(ctx, authUser(req)._id, String(req.params.id), changes));
    res.json({ data, message: SHARE_MESSAGES.updated });
  });

  router.delete('/:id', async (req, res) => {
    await revokeShare(ctx, authUser(req)._id, String(req.params.id));
    res.json({ message: SHARE_MESSAGES.revoked });
  });

  return router;
}
