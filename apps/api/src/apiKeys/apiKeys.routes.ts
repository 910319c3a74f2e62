import { Router } from 'express';
import { API_KEY_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeys.service.js';

/** /api/account/api-keys: the signed-in user's keys for Subsonic apps. Owners only. */
export function apiKeysRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx));

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await listApiKeys(ctx.data, authUser(req)._id) });
  });

  router.post('/', async (req, res) => {
    const data = await createApiKey(ctx, authUser(req)._id, req.body);
    res.set('Cache-Control', 'no-store').status(201).json({ data, message: API_KEY_MESSAGES.created });
  });

  router.delete('/:id', async (req, res) => {
    await revokeApiKey(ctx.data, authUser(req)._id, String(req.params.id));
    res.json({ message: API_KEY_MESSAGES.revoked });
  });

  return router;
}
