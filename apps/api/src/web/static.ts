import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { repoRoot } from '../db/ferretdb.js';

/** The built SPA folder: WEB_DIST_DIR, or apps/web/dist of this checkout. */
export function resolveWebDist(configured?: string): string | undefined {
  if (configured) return configured;
  try {
    const dir = path.join(repoRoot(), 'apps', 'web', 'dist');
    return fs.existsSync(path.join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other GET that accepts HTML answered with index.html so client-side routes survive a reload.
 */
export function spaRouter(distDir: string): Router {
  const router = Router();
  const indexHtml = path.join(distDir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
  });
  return router;
}
