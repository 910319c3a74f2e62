import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';
import { looksLikeCsv, parseCsv } from './csv.js';
import { parseM3u } from './m3u.js';
import type { ParsedPlaylist } from './parsedPlaylist.js';
import { parseSpotifyJson } from './spotifyJson.js';
import { parseXspf } from './xspf.js';

export type { ParsedPlaylist } from './parsedPlaylist.js';

/**
 * Reads an uploaded playlist file, whatever its name claims: the content decides the format.
 * Anything else is a 400 naming the formats expected.
 */
export function parsePlaylistFile(data: Buffer, fileName = ''): ParsedPlaylist {
  if (data.length > IMPORT_LIMITS.maxFileBytes) throw badRequest(IMPORT_MESSAGES.tooLarge);
  if (data.includes(0)) throw badRequest(IMPORT_MESSAGES.unknownFormat);
  const content = data.toString('utf8').replace(/^\uFEFF/, '');
  const start = content.trimStart();
  const firstLine = start.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const parsed = (() => {
    if (start.startsWith('<')) {
      if (/<playlist[\s>]/.test(start.slice(0, 2000))) return parseXspf(content);
      throw badRequest(IMPORT_MESSAGES.unknownFormat);
    }
    if (start.startsWith('{')) return parseSpotifyJson(content);
    if (/^#EXTM3U/i.test(firstLine) || /\.m3u8?$/i.test(fileName)) return parseM3u(content);
    if (looksLikeCsv(firstLine)) return parseCsv(content);
    throw badRequest(IMPORT_MESSAGES.unknownFormat);
  })();
  const baseName = fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return { ...parsed, name: parsed.name ?? (baseName || undefined) };
}
