import { Router } from 'express';
import { API_MESSAGES, MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAdmin, requireAuth } from '../auth/middleware.js';
import { objectId } from '../http/validate.js';
import {
  ACCOUNT_MESSAGES,
  deleteUser,
  listUsers,
  registerUser,
  systemClock,
  verifyEmail,
  type Clock,
} from './accounts.service.js';

export interface UsersRouterOptions {
  /** Clock for token expiry; tests may pass a fake one. */
  now?: Clock;
}

/**
 * /api/users: registration, email verification (public) and the admin user list and delete.
 */
export function usersRouter(ctx: AppContext, opts: UsersRouterOptions = {}): Router {
  const router = Router();
  const now = opts.now ?? systemClock;
  const auth = requireAuth(ctx);

  router.post('/', async (req, res) => {
    await registerUser(ctx, req.body, now());
    res.status(200).json({ message: API_MESSAGES.registered });
  });

  router.get('/:id/verify/:token', async (req, res) => {
    await verifyEmail(ctx, req.params.id, req.params.token, now());
    res.set('Cache-Control', 'no-store').status(200).json({ message: MESSAGES.emailVerified });
  });

  router.get('/', auth, requireAdmin, async (_req, res) => {
    const data = await listUsers(ctx.data);
    res.set('Cache-Control', 'no-store').json({ data });
  });

  router.delete('/:id', auth, requireAdmin, async (req, res) => {
    const id = objectId(req.params.id);
    await deleteUser(ctx, authUser(req)._id, id);
    res.status(200).json({ message: ACCOUNT_MESSAGES.userDeleted });
  });

  return router;
}
