import { COVER_MESSAGES, COVER_SIZES } from '@samaa/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { CoverResizer } from './coverResizer.js';

export { coverFormatFor, type CoverResizer } from './coverResizer.js';

// eslint-disable-next-line no-restricted-syntax -- one resizer per app context (one cache, one set of resizes in flight), dropped with the context
const resizers = new WeakMap<Pick<AppContext, 'config' | 'logger'>, CoverResizer>();

/** The one cover resizer of an app: the /media route and Subsonic's getCoverArt share its cache and its resizes. */
export function coverResizerOf(ctx: Pick<AppContext, 'config' | 'logger'>): CoverResizer {
  let resizer = resizers.get(ctx);
  if (!resizer) {
    resizer = new CoverResizer(ctx.config, ctx.logger);
    resizers.set(ctx, resizer);
  }
  return resizer;
}

/** `?size=` of a cover URL: absent, or one of COVER_SIZES (400 otherwise). */
export function coverSizeParam(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const size = Number(value);
  if (typeof value !== 'string' || !(COVER_SIZES as readonly number[]).includes(size)) throw badRequest(COVER_MESSAGES.badSize);
  return size;
}
