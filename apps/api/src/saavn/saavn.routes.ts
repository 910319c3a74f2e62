import { Router } from 'express';
import Joi from 'joi';
import type { AppContext } from '../context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../http/validate.js';
import { redisJsonCache } from '../redis/redisCache.js';
import { createSaavnClient, SAAVN_MESSAGES, type SaavnClientOptions } from './saavn.client.js';
import { playlistOf, searchResults, toPlaylistSummary, toSong } from './saavn.shapes.js';
import { bestMatch } from './resolve.js';

/**
 * JioSaavn through our API (docs/jiosaavn.md). Listener (or admin) token required: the feed,
 * trending and player screens that use it are signed-in screens, and it keeps anonymous callers
 * from spending the public instance's rate limit through us.
 */

const text = (label: string) =>
  Joi.string()
    .trim()
    .min(1)
    .max(100)
    .messages({
      'any.required': `${label} is required`,
      'string.empty': `${label} is required`,
      'string.min': `${label} is required`,
      'string.max': `${label} must be at most 100 characters`,
      'string.base': `${label} must be text`,
    });

const page = Joi.number().integer().min(0).max(50);
const limit = Joi.number().integer().min(1).max(50);

const searchQuery = Joi.object({ query: text('query').required(), page, limit });
const playlistQuery = Joi.object({
  id: text('id')
    .pattern(/^[A-Za-z0-9_,.-]+$/)
    .required()
    .messages({ 'string.pattern.base': 'id is not a JioSaavn playlist id' }),
  page,
  limit,
});
const resolveQuery = Joi.object({ title: text('title').required(), artist: text('artist') });

/** Songs a playlist page asks JioSaavn for (its own default is 10). */
export const PLAYLIST_SONG_LIMIT = 50;

export function saavnRouter(ctx: AppContext, clientOptions: Partial<SaavnClientOptions> = {}): Router {
  const saavn = createSaavnClient({
    baseUrl: ctx.config.saavnApiUrl,
    logger: ctx.logger,
    ...(ctx.redis ? { sharedCache: redisJsonCache(ctx.redis, 'saavn') } : {}),
    ...clientOptions,
  });
  const router = Router();
  router.use(requireAuth(ctx));

  router.get('/search/playlists', async (req, res) => {
    const q = validate<{ query: string; page?: number; limit?: number }>(searchQuery, req.query);
    const body = await saavn.get('/api/search/playlists', q);
    const results = searchResults(body, toPlaylistSummary);
    res.json(results ? { success: true, data: { results } } : { success: false, data: { results: [] } });
  });

  router.get('/search/songs', async (req, res) => {
    const q = validate<{ query: string; page?: number; limit?: number }>(searchQuery, req.query);
    const body = await saavn.get('/api/search/songs', q);
    const results = searchResults(body, toSong);
    res.json(results ? { success: true, data: { results } } : { success: false, data: { results: [] } });
  });

  router.get('/playlists', async (req, res) => {
    const q = validate<{ id: string; page?: number; limit?: number }>(playlistQuery, req.query);
    const body = await saavn.get(
      '/api/playlists',
      { id: q.id, page: q.page, limit: q.limit ?? PLAYLIST_SONG_LIMIT },
      { notFound: SAAVN_MESSAGES.notFound },
    );
    const data = playlistOf(body);
    if (data) res.json({ success: true, data });
    else res.json({ success: false, message: SAAVN_MESSAGES.notFound });
  });

  router.get('/resolve', async (req, res) => {
    const q = validate<{ title: string; artist?: string }>(resolveQuery, req.query);
    const query = [q.title, q.artist].filter(Boolean).join(' ').slice(0, 200);
    const body = await saavn.get('/api/search/songs', { query, limit: 10 });
    res.json({ data: bestMatch(searchResults(body, toSong) ?? [], q.title, q.artist) });
  });

  return router;
}
