import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import { searchQuerySchema } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { validate } from '../http/validate.js';
import { gzipOnce, sendGzipped } from '../http/encodedBody.js';
import { bodyOf, searchAlbumsAndArtists, searchOwnPlaylists, searchSongsAnswer, type SongsAnswer } from './search.service.js';

const gzipAsync = promisify(gzip);
/** Bodies smaller than this are sent as they are (as the compression middleware does). */
const GZIP_FROM_BYTES = 1024;

/** Queries already found valid: people type the same ones over and over. */
const validQueries = new LRUCache<string, string>({ max: 1000 });
export function queryOf(raw: unknown): string {
  if (typeof raw === 'string') {
    const known = validQueries.get(raw);
    if (known !== undefined) return known;
  }
  const query = validate<string>(searchQuerySchema, raw ?? '');
  if (typeof raw === 'string') validQueries.set(raw, query);
  return query;
}

const acceptsGzip = (req: Request) => req.acceptsEncodings('gzip', 'identity') === 'gzip';

/** Every search answer's caching rule (searchFastPath.ts sends it too). */
export const SEARCH_CACHE_CONTROL = 'private, no-cache';

/** The body of an answer with no playlists, gzipped once per kept answer (searchFastPath.ts sends it too). */
export const gzippedWithoutPlaylists = (songs: SongsAnswer): Buffer => gzipOnce(songs, () => bodyOf(songs.songsJson, '[]'));

/**
 * GET /api/search?search=q → { songs, playlists }: the catalogue and the user's own playlists.
 * Mounted before the app's compression and body parsing (app.ts): it compresses its own answers,
 * most of them once per catalogue snapshot and query.
 */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth(ctx), async (req, res) => {
    const query = queryOf(req.query.search);
    const [songs, playlists] = await Promise.all([
      searchSongsAnswer(ctx.catalogue, query),
      searchOwnPlaylists(ctx, authUser(req)._id, query),
    ]);
    res.set('Cache-Control', SEARCH_CACHE_CONTROL).type('json').vary('Accept-Encoding');
    // Most searches match none of the user's playlists: their body is the same for everyone and
    // is sent gzipped as kept.
    if (playlists.length === 0 && acceptsGzip(req)) {
      sendGzipped(res, gzippedWithoutPlaylists(songs));
      return;
    }
    const body = bodyOf(songs.songsJson, JSON.stringify(playlists));
    if (Buffer.byteLength(body) >= GZIP_FROM_BYTES && acceptsGzip(req)) {
      res.set('Content-Encoding', 'gzip').send(await gzipAsync(body));
      return;
    }
    res.send(body);
  });

  /** GET /api/search/catalogue?search=q → { albums, artists }: what search-as-you-type shows beside the songs. */
  router.get('/catalogue', requireAuth(ctx), async (req, res) => {
    const found = await searchAlbumsAndArtists(ctx.catalogue, queryOf(req.query.search));
    res.set('Cache-Control', SEARCH_CACHE_CONTROL).json(found);
  });

  return router;
}
