import { Router } from 'express';
import {
  ALBUM_ID_PATTERN,
  ARTIST_ID_PATTERN,
  BROWSE_MESSAGES,
  albumsQuerySchema,
  browsePageSchema,
  type AlbumsQuery,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAuth } from '../auth/middleware.js';
import { badRequest } from '../http/errors.js';
import { objectId, validate } from '../http/validate.js';
import * as browse from './browse.service.js';

const idOf = (value: unknown, pattern: RegExp) => {
  if (typeof value !== 'string' || !pattern.test(value)) throw badRequest(BROWSE_MESSAGES.badId);
  return value;
};

/**
 * /api/browse: albums, artists and genres for signed-in listeners (browse.service.ts). Pages are
 * `?limit&page` as /api/songs, answered as `{ data, total }`.
 */
export function browseRouter(ctx: AppContext): Router {
  const router = Router();
  const { catalogue } = ctx;
  router.use(requireAuth(ctx));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'private, no-cache');
    next();
  });
  const paging = (query: unknown) => validate<browse.Paging>(browsePageSchema, query);

  router.get('/albums', async (req, res) => {
    res.json(await browse.albums(ctx, validate<AlbumsQuery>(albumsQuerySchema, req.query)));
  });
  router.get('/albums/:id', async (req, res) => {
    res.json(await browse.album(catalogue, idOf(req.params.id, ALBUM_ID_PATTERN)));
  });
  router.get('/artists', async (req, res) => {
    res.json(await browse.artists(catalogue, paging(req.query)));
  });
  router.get('/artists/:id', async (req, res) => {
    res.json(await browse.artist(ctx, idOf(req.params.id, ARTIST_ID_PATTERN)));
  });
  router.get('/genres', async (_req, res) => {
    res.json(await browse.genres(catalogue));
  });
  router.get('/genres/:name/albums', async (req, res) => {
    res.json(await browse.genreAlbums(catalogue, req.params.name, paging(req.query)));
  });
  router.get('/genres/:name/songs', async (req, res) => {
    res.json(await browse.genreSongs(catalogue, req.params.name, paging(req.query)));
  });
  router.get('/songs/:id/place', async (req, res) => {
    res.json(await browse.songPlace(catalogue, objectId(req.params.id, BROWSE_MESSAGES.badId)));
  });
  return router;
}
