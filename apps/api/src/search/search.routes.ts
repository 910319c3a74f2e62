import { Router } from 'express';
import { searchQuerySchema } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { validate } from '../http/validate.js';
import { bodyOf, searchOwnPlaylists, searchSongsAnswer } from './search.service.js';

/** GET /api/search?search=q → { songs, playlists }: the catalogue and the user's own playlists. */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth(ctx), async (req, res) => {
    const query = validate<string>(searchQuerySchema, req.query.search ?? '');
    const [songs, playlists] = await Promise.all([
      searchSongsAnswer(query),
      searchOwnPlaylists(authUser(req)._id, query),
    ]);
    res.set('Cache-Control', 'private, no-cache').type('json');
    // Most searches match none of the user's playlists: their body is the same for everyone and
    // is sent gzipped as kept (the compression middleware leaves an encoded body alone).
    if (playlists.length === 0 && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip').vary('Accept-Encoding').send(songs.gzippedWithoutPlaylists());
      return;
    }
    res.send(bodyOf(songs.songsJson, JSON.stringify(playlists)));
  });

  return router;
}
