import { Router } from 'express';
import { CATALOGUE_MESSAGES, MESSAGES, songSchema, type SongInput } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { objectId, validate } from '../http/validate.js';
import { parsePage } from './pagination.js';
import { createSong, deleteSong, listSongs, updateSong } from './songs.service.js';

/** /api/songs: the public catalogue list and the admin's create, update and delete. */
export function songsRouter(ctx: AppContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];

  router.get('/', async (req, res) => {
    const page = parsePage(req.query);
    const data = await listSongs(page);
    // Clients revalidate with the ETag Express computes, and get a 304 while nothing changed.
    res.set('Cache-Control', 'no-cache').json({ data });
  });

  router.post('/', ...admin, async (req, res) => {
    const data = await createSong(validate<SongInput>(songSchema, req.body));
    res.status(201).json({ data, message: MESSAGES.formSubmitted });
  });

  router.put('/:id', ...admin, async (req, res) => {
    const id = objectId(req.params.id);
    const data = await updateSong(id, validate<SongInput>(songSchema, req.body));
    res.json({ data, message: MESSAGES.songUpdated });
  });

  router.delete('/:id', ...admin, async (req, res) => {
    await deleteSong(objectId(req.params.id));
    res.json({ message: CATALOGUE_MESSAGES.songDeleted });
  });

  return router;
}
