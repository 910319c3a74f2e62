import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  CATALOGUE_MESSAGES,
  MESSAGES,
  PLAYLIST_PAGE,
  playlistSchema,
  playlistSongMoveSchema,
  type PlaylistInput,
  type PlaylistSongMove,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { badRequest } from '../http/errors.js';
import { sendEncoded } from '../http/encodedBody.js';
import { objectId, validate } from '../http/validate.js';
import {
  addSong,
  createPlaylist,
  deletePlaylist,
  moveSong,
  ownPlaylist,
  removeSong,
  updatePlaylist,
  userPlaylistsBody,
} from './playlists.service.js';

/**
 * The web's playlist form sends the edit as multipart form fields (no files). JSON bodies pass through untouched;
 * multer's own errors (a file part, too many or too long fields) become 400s.
 */
function multipartFields(): RequestHandler {
  const parse = multer({ limits: { files: 0, fields: 10, fieldSize: 4096, parts: 10 } }).none();
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError) return next(badRequest(err.message));
      if (err) return next(badRequest('Malformed form data'));
      next();
    });
  };
}

function songRef(body: unknown): { playlistId: string; songId: string } {
  const value = (body ?? {}) as Record<string, unknown>;
  return { playlistId: objectId(value.playlistId), songId: objectId(value.songId) };
}

/** /api/playlists: a listener's own playlists. Every route is owner-only. */
export function playlistsRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx));
  const input = (body: unknown) => validate<PlaylistInput>(playlistSchema, { ...(body ?? {}) });

  router.post('/', async (req, res) => {
    // The owner is the token's user, whatever `user` the body carries (stripped by validate).
    const data = await createPlaylist(ctx, authUser(req)._id, input(req.body));
    res.status(201).json({ data, message: MESSAGES.formSubmitted });
  });

  router.get('/user-playlists', async (req, res) => {
    const body = await userPlaylistsBody(ctx, authUser(req)._id);
    sendEncoded(req, res.set('Cache-Control', 'private, no-cache'), body);
  });

  router.put('/add-song', async (req, res) => {
    const { playlistId, songId } = songRef(req.body);
    const data = await addSong(ctx, playlistId, songId, authUser(req)._id);
    res.json({ data, message: CATALOGUE_MESSAGES.songAddedToPlaylist });
  });

  router.put('/remove-song', async (req, res) => {
    const { playlistId, songId } = songRef(req.body);
    const data = await removeSong(ctx, playlistId, songId, authUser(req)._id);
    res.json({ data, message: CATALOGUE_MESSAGES.songRemovedFromPlaylist });
  });

  router.put('/move-song', async (req, res) => {
    const { playlistId, songId, to } = validate<PlaylistSongMove>(playlistSongMoveSchema, req.body);
    const data = await moveSong(ctx, playlistId.toLowerCase(), songId.toLowerCase(), to, authUser(req)._id);
    res.json({ data, message: PLAYLIST_PAGE.songMoved });
  });

  router.put('/edit/:id', multipartFields(), async (req, res) => {
    const id = objectId(req.params.id);
    const data = await updatePlaylist(ctx, id, authUser(req)._id, input(req.body));
    res.json({ data, message: MESSAGES.playlistUpdated });
  });

  router.get('/:id', async (req, res) => {
    const data = await ownPlaylist(ctx, objectId(req.params.id), authUser(req)._id);
    res.set('Cache-Control', 'private, no-cache').json({ data });
  });

  router.delete('/:id', async (req, res) => {
    await deletePlaylist(ctx, objectId(req.params.id), authUser(req)._id);
    res.json({ message: CATALOGUE_MESSAGES.playlistDeleted });
  });

  return router;
}
