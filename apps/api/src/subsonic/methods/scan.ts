import type { AppContext } from '../../context.js';
import { requireAdmin, type SubsonicMethod } from '../call.js';

/**
 * The music folders' scans (libraries feature). `count` is the songs the folders gave the
 * catalogue at their last scans, or the files read so far while one runs. Without music folders
 * nothing scans and the count is 0.
 */
async function scanStatus(ctx: AppContext) {
  if (ctx.config.musicDirs.length === 0) return { scanStatus: { scanning: false, count: 0 } };
  const views = await ctx.libraries.views();
  const scanning = views.some((view) => view.scanning);
  const count = views.reduce((sum, view) => sum + (view.scanning && view.progress ? view.progress.done : view.songs), 0);
  return { scanStatus: { scanning, count } };
}

export const scanMethods: Record<string, SubsonicMethod> = {
  getScanStatus: ({ ctx }) => scanStatus(ctx),

  startScan: async ({ ctx, user }) => {
    requireAdmin(user);
    if (ctx.config.musicDirs.length === 0) return scanStatus(ctx);
    const libraries = ctx.libraries;
    for (const folder of libraries.folders) libraries.scan(folder.id);
    return scanStatus(ctx);
  },
};
