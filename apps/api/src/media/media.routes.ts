import path from 'node:path';
import { Router } from 'express';
import { MEDIA_FOLDERS, type MediaKind } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { mimeForExtension } from './formats.js';
import { coverFormatFor, coverResizerOf, coverSizeParam } from './covers/covers.js';
import { requireMediaAccess, type MediaAccessOptions } from './mediaAccess.js';
import { MEDIA_CACHE_CONTROL, PRIVATE_MEDIA_CACHE_CONTROL, sendMediaFile } from './mediaFile.js';
import { resolveServedFile } from './servedFile.js';
import { ensureMediaDirs, mediaStore, resolveStoredFile } from './mediaStore.js';

export type MediaRouterOptions = MediaAccessOptions;

/**
 * GET/HEAD /media/audio/{name} and /media/images/{name} (uploads, demo files) and /media/library/…
 * (music folders), for signed-in listeners or signed links unless PUBLIC_MEDIA (mediaAccess.ts).
 * `?download=1` (a share's download link) asks for the file as an attachment; `?size=N` an image
 * resized (covers/, docs/media.md). A signed link signs the path, so its size picks a copy of that file only.
 */
export function mediaRouter(ctx: AppContext, opts: MediaRouterOptions = {}): Router {
  const store = mediaStore(ctx.config);
  ensureMediaDirs(store);
  const router = Router();
  const isPublic = ctx.config.media.public;
  const storedCache = isPublic ? MEDIA_CACHE_CONTROL : PRIVATE_MEDIA_CACHE_CONTROL;
  const libraryCache = isPublic ? 'no-cache' : 'private, no-cache';
  const access = requireMediaAccess(ctx, opts);

  const serve = (kind: MediaKind) =>
    router.get(`/${MEDIA_FOLDERS[kind]}/:name`, access, async (req, res) => {
      const file = resolveStoredFile(store, kind, String(req.params.name));
      const mime = file && mimeForExtension(path.extname(file));
      if (!file || !mime) throw notFound();
      if (req.query.download === '1') res.attachment(path.basename(file));
      const size = kind === 'image' ? coverSizeParam(req.query.size) : undefined;
      if (size) {
        const cover = { source: file, sourceMime: mime, size, format: coverFormatFor(req), cacheControl: storedCache };
        return coverResizerOf(ctx).send(req, res, cover);
      }
      await sendMediaFile(req, res, file, mime, ctx.logger, storedCache);
    });
  serve('audio');
  serve('image');
  // Music folder files: /media/library/{library}/{path…}, never outside their folder.
  router.get(/^\/library\/.+/, access, async (req, res) => {
    const served = await resolveServedFile(ctx.config, `/media${req.path}`);
    if (!served) throw notFound();
    if (req.query.download === '1') res.attachment(path.basename(served.file));
    await sendMediaFile(req, res, served.file, served.mime, ctx.logger, libraryCache);
  });
  // Nothing else under /media exists (and the SPA fallback must not answer for it).
  router.use(() => {
    throw notFound();
  });
  return router;
}
