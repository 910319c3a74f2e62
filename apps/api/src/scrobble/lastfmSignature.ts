import { createHash } from 'node:crypto';

/**
 * Last.fm's `api_sig`: the md5 (hex) of every parameter except `format` and `callback`, sorted by
 * name in ASCII order (so `artist[10]` comes before `artist[1]`), written as name then value with
 * nothing between, followed by the shared secret; UTF-8 throughout.
 */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${signed}${secret}`, 'utf8').digest('hex');
}
