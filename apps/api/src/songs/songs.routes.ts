import { Router } from 'express';
import { CATALOGUE_MESSAGES, MESSAGES, songSchema, type SongInput } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { objectId, validate } from '../http/validate.js';
import { sendPersistedBody } from '../http/persistedBody.js';
import { parsePage } from './pagination.js';
import { createSong, deleteSong, pageOf, updateSong } from './songs.service.js';

/** /api/songs: the public catalogue list and the admin's create, update and delete. */
export function songsRouter(ctx: AppContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];

  router.get('/', async (req, res) => {
    const page = parsePage(req.query);
    if (page) {
      const snapshot = await ctx.catalogue.snapshot();
      res.set('Cache-Control', 'no-cache');
      // The total lets a paged client show the catalogue's size and know where the list ends.
      res.json({ data: pageOf(snapshot.songs, page), total: snapshot.songs.length });
      return;
    }
    // The full list is serialised and compressed once per catalogue version, not per request.
    const body = await ctx.catalogue.fullListBody();
    // Clients revalidate with the ETag, and get a 304 while the catalogue did not change.
    res.set('Cache-Control', 'no-cache');
    sendPersistedBody(req, res, body);
  });

  router.post('/', ...admin, async (req, res) => {
    const data = await createSong(ctx, validate<SongInput>(songSchema, req.body));
    res.status(201).json({ data, message: MESSAGES.formSubmitted });
  });

  router.put('/:id', ...admin, async (req, res) => {
    const id = objectId(req.params.id);
    const data = await updateSong(ctx, id, validate<SongInput>(songSchema, req.body));
    res.json({ data, message: MESSAGES.songUpdated });
  });

  router.delete('/:id', ...admin, async (req, res) => {
    await deleteSong(ctx, objectId(req.params.id));
    res.json({ message: CATALOGUE_MESSAGES.songDeleted });
  });

  return router;
}
