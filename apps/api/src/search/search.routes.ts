import { Router } from 'express';
import { searchQuerySchema } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { validate } from '../http/validate.js';
import { searchOwnPlaylists, searchSongs } from './search.service.js';

/** GET /api/search?search=q → { songs, playlists }: the catalogue and the user's own playlists. */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth(ctx), async (req, res) => {
    const query = validate<string>(searchQuerySchema, req.query.search ?? '');
    const [songs, playlists] = await Promise.all([
      searchSongs(query),
      searchOwnPlaylists(authUser(req)._id, query),
    ]);
    res.set('Cache-Control', 'private, no-cache').json({ songs, playlists });
  });

  return router;
}
