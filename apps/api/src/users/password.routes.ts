import { Router } from 'express';
import { PASSWORD_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { signToken } from '../auth/jwt.js';
import { setMediaCookie } from '../media/mediaCookie.js';
import { systemClock, type Clock } from './accounts.service.js';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.js';

/** /api/account/password: change (signed in), forgot and reset (signed out). */
export function passwordRouter(ctx: AppContext, opts: { now?: Clock } = {}): Router {
  const router = Router();
  const now = opts.now ?? systemClock;

  router.put('/', requireAuth(ctx), async (req, res) => {
    const user = authUser(req);
    const version = await changePassword(ctx, user._id, req.body);
    // This session goes on with a token of the new version; every other one has ended.
    const authToken = signToken({ ...user, v: version }, ctx.jwtSecret, ctx.config.jwtExpiresIn);
    setMediaCookie(res, ctx, { _id: user._id, v: version });
    res.set('Cache-Control', 'no-store').json({ message: PASSWORD_MESSAGES.changed, authToken });
  });

  router.post('/forgot', async (req, res) => {
    await requestPasswordReset(ctx, req.body, now());
    res.json({ message: PASSWORD_MESSAGES.resetRequested });
  });

  router.post('/reset', async (req, res) => {
    await resetPassword(ctx, req.body, now());
    res.json({ message: PASSWORD_MESSAGES.resetDone });
  });

  return router;
}
