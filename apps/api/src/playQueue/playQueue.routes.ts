import express, { Router } from 'express';
import { MAX_PLAY_QUEUE, playQueueSchema, queuePlaylistSchema, type PlayQueueInput, type QueuePlaylistInput } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { rejectOversizedJson } from '../http/bodyLimit.js';
import { validate } from '../http/validate.js';
import { playQueueForWeb, savePlayQueueFromWeb, saveQueueAsPlaylist } from './playQueue.service.js';

/** A full queue of ids as JSON, with room to spare: more than the app's general body limit. */
const QUEUE_BODY_BYTES = MAX_PLAY_QUEUE * 32 + 4096;

/**
 * /api/play-queue: the signed-in listener's own queue, shared with Subsonic apps. Mounted before
 * the app's JSON parser, with a limit a full queue fits in.
 */
export function playQueueRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), rejectOversizedJson(QUEUE_BODY_BYTES), express.json({ limit: QUEUE_BODY_BYTES }));

  router.get('/', async (req, res) => {
    const data = await playQueueForWeb(ctx, authUser(req)._id);
    res.set('Cache-Control', 'private, no-cache').json({ data });
  });

  router.put('/', async (req, res) => {
    const input = validate<PlayQueueInput>(playQueueSchema, req.body);
    res.json({ data: await savePlayQueueFromWeb(ctx, authUser(req)._id, input) });
  });

  router.post('/playlist', async (req, res) => {
    const input = validate<QueuePlaylistInput>(queuePlaylistSchema, req.body);
    res.status(201).json({ data: await saveQueueAsPlaylist(ctx, authUser(req)._id, input) });
  });

  return router;
}
