import { Router } from 'express';
import { CATALOGUE_MESSAGES, playReportSchema, WEB_PLAYER_NAME, type PlayReport } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { notFound } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { scrobbleListen, scrobbleNowPlaying } from '../scrobble/scrobble.service.js';
import { recordPlay, setNowPlaying } from './analytics.service.js';

/**
 * POST /api/plays: the web player's plays, counted with the apps' scrobbles (play counts,
 * "frequent" and "recent", the admin's analytics) and shown in getNowPlaying. 204.
 */
export function playsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/', requireAuth(ctx), async (req, res) => {
    const { songId, submission } = validate<PlayReport>(playReportSchema, req.body);
    if (!(await ctx.catalogue.songExists(songId))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
    const userId = authUser(req)._id;
    if (submission) {
      await recordPlay(ctx.data, userId, songId, new Date());
      await scrobbleListen(ctx, userId, songId, { player: WEB_PLAYER_NAME });
    } else {
      await setNowPlaying(ctx.data, userId, WEB_PLAYER_NAME, songId, new Date());
      // Best effort and not waited for: a slow service does not hold the player up.
      void scrobbleNowPlaying(ctx, userId, songId, WEB_PLAYER_NAME).catch((err: unknown) => ctx.logger.warn({ err: String(err) }, 'now playing not sent'));
    }
    res.status(204).end();
  });
  return router;
}
