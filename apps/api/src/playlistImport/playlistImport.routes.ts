import express, { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importRowResolutionSchema,
  lookOnSaavnField,
  spotifyImportSchema,
  type ImportRowResolution,
  type SpotifyImportBody,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { badRequest, HttpError } from '../http/errors.js';
import { objectId, validate } from '../http/validate.js';
import { ownPlaylist } from '../playlists/playlists.service.js';
import { createSaavnClient } from '../saavn/saavn.client.js';
import { searchResults, toSong } from '../saavn/saavn.shapes.js';
import type { SaavnSearch } from './matcher.js';
import { parsePlaylistFile } from './parsers/parsePlaylistFile.js';
import { exportFileName, toCsv, toM3u8, type ExportFormat, type ExportLinks } from './playlistExport.js';
import { mediaSigner } from '../media/mediaSignature.js';
import { importPlaylist, importReview, matchAgain, parsedFromSpotify, resolveRow } from './playlistImport.service.js';

/** One file part named `file`, within the size limit; multer's errors become clear 400s. */
function playlistFile(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { files: 1, fileSize: IMPORT_LIMITS.maxFileBytes, fields: 5, fieldSize: 1024, parts: 6 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    parse(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError) {
        return next(badRequest(err.code === 'LIMIT_FILE_SIZE' ? IMPORT_MESSAGES.tooLarge : err.message));
      }
      if (err) return next(badRequest('Malformed form data'));
      next();
    });
  };
}

/** JioSaavn song search for the matcher; a failing upstream means "nothing found" for that row. */
function saavnSearch(ctx: AppContext): SaavnSearch {
  const client = createSaavnClient({ baseUrl: ctx.config.saavnApiUrl, logger: ctx.logger });
  return async (query) => {
    if (!query) return [];
    try {
      return searchResults(await client.get('/api/search/songs', { query, limit: 10 }), toSong) ?? [];
    } catch {
      return [];
    }
  };
}

const rowIndex = (value: unknown) => {
  const index = Number(value);
  if (!/^\d{1,6}$/.test(String(value)) || !Number.isInteger(index)) throw badRequest(IMPORT_MESSAGES.rowNotFound);
  return index;
};

/**
 * Playlist import, review and export under /api/playlists (docs/spotify-import.md). Mounted
 * before the app's 100 kB JSON parser: a Spotify import's track list may be larger.
 */
export function playlistImportRouter(ctx: AppContext): Router {
  const router = Router();
  const saavn = saavnSearch(ctx);
  const auth = requireAuth(ctx);
  const signer = mediaSigner(ctx.jwtSecret);
  /** Links for one export by this listener: signed for MEDIA_LINK_TTL_HOURS unless media is public. */
  const exportLinks = (origin: string, userId: string): ExportLinks => {
    if (ctx.config.media.public) return { origin };
    const ttlHours = ctx.config.media.linkTtlHours;
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + ttlHours * 3600) * 1000);
    return { origin, signed: { ttlHours, expiresAt, sign: (path) => signer.sign(path, userId, expiresAt) } };
  };
  const importJson = express.json({ limit: IMPORT_LIMITS.maxFileBytes });
  /** Listeners with an import running in this process: one at a time each (it takes seconds of CPU). */
  const running = new Set<string>();
  const oneAtATime = async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    if (running.has(userId)) throw new HttpError(429, IMPORT_MESSAGES.busy);
    running.add(userId);
    try {
      return await work();
    } finally {
      running.delete(userId);
    }
  };

  router.post('/import', auth, playlistFile(), importJson, async (req, res) => {
    const userId = authUser(req)._id;
    const file = (req as { file?: Express.Multer.File }).file;
    const fromSpotify = () => {
      if (req.is('multipart/form-data')) throw badRequest(IMPORT_MESSAGES.noFile);
      return validate<SpotifyImportBody>(spotifyImportSchema, req.body);
    };
    const spotify = file ? undefined : fromSpotify();
    const parsed = file ? parsePlaylistFile(file.buffer, file.originalname) : parsedFromSpotify(spotify!.name, spotify!.tracks);
    const lookOnSaavn = file ? lookOnSaavnField((req.body as Record<string, unknown> | undefined)?.saavn) : Boolean(spotify!.saavn);
    // Rows leave the server for JioSaavn only when the listener ticked "Also look on JioSaavn".
    const data = await oneAtATime(userId, () => importPlaylist(ctx, userId, parsed, { saavn: lookOnSaavn ? saavn : undefined }));
    res.status(201).json({ ...data, message: IMPORT_MESSAGES.imported(data.counts.matched, data.counts.total) });
  });

  router.get('/:id/import', auth, async (req, res) => {
    const data = await importReview(ctx, objectId(req.params.id), authUser(req)._id);
    res.set('Cache-Control', 'private, no-cache').json(data);
  });

  router.put('/:id/import-rows/:index', auth, express.json(), async (req, res) => {
    const id = objectId(req.params.id);
    const resolution = validate<ImportRowResolution>(importRowResolutionSchema, req.body);
    const data = await resolveRow(ctx, id, rowIndex(req.params.index), resolution, authUser(req)._id);
    res.json({ ...data, message: IMPORT_MESSAGES.resolved });
  });

  router.post('/:id/import/match-again', auth, async (req, res) => {
    const id = objectId(req.params.id);
    const before = (await importReview(ctx, id, authUser(req)._id)).counts.matched;
    const data = await oneAtATime(authUser(req)._id, () => matchAgain(ctx, id, authUser(req)._id, { saavn }));
    res.json({ ...data, message: IMPORT_MESSAGES.matchedAgain(data.counts.matched - before) });
  });

  router.get('/:id/export', auth, async (req, res) => {
    const format = req.query.format;
    if (format !== 'm3u8' && format !== 'csv') throw badRequest(IMPORT_MESSAGES.badExportFormat);
    const userId = authUser(req)._id;
    const playlist = await ownPlaylist(ctx, objectId(req.params.id), userId);
    const links = exportLinks(`${req.protocol}://${req.get('host') ?? 'localhost'}`, userId);
    const body = format === 'csv' ? toCsv(playlist, links) : toM3u8(playlist, links);
    const name = exportFileName(playlist, format as ExportFormat);
    res
      .set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'audio/x-mpegurl; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .set('Cache-Control', 'private, no-cache')
      .send(body);
  });

  return router;
}
