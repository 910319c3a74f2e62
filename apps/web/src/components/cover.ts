import { coverSizeFor } from '@samaa/shared';
import { API_ORIGIN, mediaUrl } from '../api/client';

export interface CoverSources {
  src: string;
  /** 1× and 2× copies, for the browser to pick by screen density; absent for other hosts' images. */
  srcSet?: string;
}

/** Only our own stored images are resized by the server; other hosts' URLs pass through untouched. */
const isOwnImage = (url: string) => url.startsWith(`${API_ORIGIN}/media/images/`) || url.startsWith('/media/images/');

function sized(url: string, px: number): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  return `${base}${base.includes('?') ? '&' : '?'}size=${coverSizeFor(px)}`;
}

/**
 * The `src` and `srcSet` of a cover shown `cssPx` CSS pixels wide: the server's resized copies
 * (docs/media.md) at 1× and 2×, so a 40 px thumbnail does not download a 600 px original.
 * Any cover URL goes in (a /media path, an absolute URL, a signed link, a data URL).
 */
export function coverSources(url: string | undefined | null, cssPx: number): CoverSources {
  const src = mediaUrl(url);
  if (!isOwnImage(src)) return { src };
  const one = sized(src, cssPx);
  const two = sized(src, cssPx * 2);
  return { src: one, srcSet: one === two ? undefined : `${one} 1x, ${two} 2x` };
}
