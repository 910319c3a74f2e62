import path from 'node:path';
import { Router } from 'express';
import { MEDIA_FOLDERS, type MediaKind } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { mimeForExtension } from './formats.js';
import { sendMediaFile } from './mediaFile.js';
import { resolveServedFile } from './servedFile.js';
import { ensureMediaDirs, mediaStore, resolveStoredFile } from './mediaStore.js';

/**
 * GET/HEAD /media/audio/{name} and /media/images/{name} (uploads, demo files) and /media/library/… (music folders).
 * `?download=1` (a share's download link) asks for the file as an attachment.
 */
export function mediaRouter(ctx: AppContext): Router {
  const store = mediaStore(ctx.config);
  ensureMediaDirs(store);
  const router = Router();

  const serve = (kind: MediaKind) =>
    router.get(`/${MEDIA_FOLDERS[kind]}/:name`, async (req, res) => {
      const file = resolveStoredFile(store, kind, String(req.params.name));
      const mime = file && mimeForExtension(path.extname(file));
      if (!file || !mime) throw notFound();
      if (req.query.download === '1') res.attachment(path.basename(file));
      await sendMediaFile(req, res, file, mime, ctx.logger);
    });
  serve('audio');
  serve('image');
  // Music folder files: /media/library/{library}/{path…}, never outside their folder.
  router.get(/^\/library\/.+/, async (req, res) => {
    const served = await resolveServedFile(ctx.config, `/media${req.path}`);
    if (!served) throw notFound();
    if (req.query.download === '1') res.attachment(path.basename(served.file));
    await sendMediaFile(req, res, served.file, served.mime, ctx.logger, 'no-cache');
  });
  // Nothing else under /media exists (and the SPA fallback must not answer for it).
  router.use(() => {
    throw notFound();
  });
  return router;
}
