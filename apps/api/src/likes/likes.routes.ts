import { Router } from 'express';
import { CATALOGUE_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { forbidden } from '../http/errors.js';
import { objectId } from '../http/validate.js';
import { parsePage } from '../songs/pagination.js';
import { likedSongIds, likedSongs, likedSongsPage, toggleLike } from './likes.service.js';

/** Mounted on /api/songs before the songs router: /like/... routes for the token's user. */
export function likesRouter(ctx: AppContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.put('/like/:songId', auth, async (req, res) => {
    const songId = objectId(req.params.songId);
    const liked = await toggleLike(ctx, authUser(req)._id, songId);
    res.json({ message: liked ? CATALOGUE_MESSAGES.songLiked : CATALOGUE_MESSAGES.songUnliked, liked });
  });

  // Before /like/:userId, which would otherwise take "ids" for a user id.
  router.get('/like/ids', auth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json({ data: await likedSongIds(ctx.data, authUser(req)._id) });
  });

  router.get('/like/:userId', auth, async (req, res) => {
    const userId = objectId(req.params.userId);
    const user = authUser(req);
    if (user._id !== userId && !user.isAdmin) throw forbidden();
    const page = parsePage(req.query);
    res.set('Cache-Control', 'private, no-cache');
    if (!page) {
      res.json({ data: await likedSongs(ctx, userId) });
      return;
    }
    res.json(await likedSongsPage(ctx, userId, page));
  });

  return router;
}
