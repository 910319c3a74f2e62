import fs from 'node:fs/promises';
import { Router } from 'express';
import { UPLOAD_MESSAGES, type UploadResult } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { requireAdmin, requireAuth } from '../auth/middleware.js';
import { badRequest, notFound } from '../http/errors.js';
import { readAudioMetadata } from './audioMetadata.js';
import { ensureMediaDirs, mediaStore, resolveMediaPath } from './mediaStore.js';
import { createTusServer } from './tusServer.js';

/**
 * /api/uploads: admin-only. GET /metadata?path=/media/audio/… reads an uploaded song's tags;
 * everything else is the tus protocol (POST creates, PATCH appends, HEAD resumes, DELETE aborts).
 */
export function uploadsRouter(ctx: AppContext): Router {
  const store = mediaStore(ctx.config);
  ensureMediaDirs(store);
  const tus = createTusServer(ctx, store);
  const router = Router();
  router.use(requireAuth(ctx), requireAdmin);

  router.get('/metadata', async (req, res) => {
    const urlPath = typeof req.query.path === 'string' ? req.query.path : '';
    const stored = resolveMediaPath(store, urlPath);
    if (!stored || stored.kind !== 'audio') throw badRequest(UPLOAD_MESSAGES.invalidMediaPath);
    const stat = await fs.stat(stored.file).catch(() => undefined);
    if (!stat?.isFile()) throw notFound();
    const result: UploadResult = { url: urlPath, metadata: await readAudioMetadata(store, stored.file, ctx.logger) };
    res.json(result);
  });

  router.use((req, res) => tus.handle(req, res));
  return router;
}
