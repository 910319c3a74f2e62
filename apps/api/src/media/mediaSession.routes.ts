import { Router } from 'express';
import { MEDIA_SESSION_PATHS } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { clearMediaCookie, setMediaCookie } from './mediaCookie.js';
import { findIdentity } from '../users/accounts.service.js';

/**
 * Under /api: POST /account/media-session (signed in) sets the media cookie for a session the
 * web restored from storage; POST /logout clears it (docs/media.md).
 */
export function mediaSessionRouter(ctx: AppContext): Router {
  const router = Router();

  router.post(MEDIA_SESSION_PATHS.mediaSession, requireAuth(ctx), async (req, res) => {
    const user = authUser(req);
    // requireAuth checked the token's version against this one: the cookie carries the same.
    const identity = await findIdentity(ctx.data, user._id);
    setMediaCookie(res, ctx, { _id: user._id, v: identity?.tokenVersion ?? 0 });
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  router.post(MEDIA_SESSION_PATHS.logout, (_req, res) => {
    clearMediaCookie(res, ctx);
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  return router;
}
