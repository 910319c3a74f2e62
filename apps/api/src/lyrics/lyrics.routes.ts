import express, { Router } from 'express';
import { LYRICS_MAX_BYTES, LYRICS_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { badRequest, HttpError } from '../http/errors.js';
import { objectId } from '../http/validate.js';
import { findLyrics, lyricsOfSong, removeLyrics, songOf, uploadLyrics } from './lyrics.service.js';

/**
 * /api/songs/{id}/lyrics: anyone reads (as the catalogue); admins upload an .lrc or .txt file as
 * the raw request body (PUT) or remove the lyrics (DELETE).
 */
export function lyricsRouter(ctx: AppContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];
  const rawBody = express.raw({ type: () => true, limit: LYRICS_MAX_BYTES });

  router.get('/:id/lyrics', async (req, res) => {
    res.set('Cache-Control', 'no-cache');
    // The player asks with ?optional=1: most songs have no lyrics, which for it is no error (a 204).
    if (req.query.optional === '1') {
      const found = await findLyrics(ctx, await songOf(ctx.catalogue, objectId(req.params.id)));
      if (found) res.json(found);
      else res.status(204).end();
      return;
    }
    res.json(await lyricsOfSong(ctx, objectId(req.params.id)));
  });

  router.put(
    '/:id/lyrics',
    ...admin,
    (req, res, next) => rawBody(req, res, (err?: unknown) => next((err as { type?: string } | undefined)?.type === 'entity.too.large' ? new HttpError(413, LYRICS_MESSAGES.tooLarge) : err)),
    async (req, res) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (bytes.length === 0) throw badRequest(LYRICS_MESSAGES.empty);
      res.json({ data: await uploadLyrics(ctx, objectId(req.params.id), bytes), message: LYRICS_MESSAGES.saved });
    },
  );

  router.delete('/:id/lyrics', ...admin, async (req, res) => {
    await removeLyrics(ctx, objectId(req.params.id));
    res.json({ message: LYRICS_MESSAGES.removed });
  });

  return router;
}
