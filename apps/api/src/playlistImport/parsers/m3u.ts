import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';
import { checkRowCount, row, text, type ParsedPlaylist } from './parsedPlaylist.js';

/** "Artist - Title" (EXTINF or a file name); a title alone when there is no separator. */
export function artistAndTitle(value: string): { artists: string[]; title: string } {
  const match = /^(.+?)\s+[-–—]\s+(.+)$/.exec(value.trim());
  if (!match) return { artists: [], title: value.trim() };
  return { artists: [match[1]!.trim()], title: match[2]!.trim() };
}

/** The file name of a path or URL without its extension and track-number prefix. */
function nameFromLocation(location: string): string {
  const path = /^https?:\/\//i.test(location) ? location.replace(/[?#].*$/, '') : location;
  let last = path.split(/[\\/]/).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A stray % in a file name: keep it as it is.
  }
  return last.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/^\d{1,3}[\s._-]+/, '');
}

/**
 * M3U/M3U8: `#EXTINF:seconds,Artist - Title` before each location, or bare locations (then the
 * file name is read as "Artist - Title"). `#PLAYLIST:` names the playlist.
 */
export function parseM3u(content: string): ParsedPlaylist {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let name: string | undefined;
  let info: { seconds?: number; label: string } | undefined;
  const rows = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const extinf = /^#EXTINF:\s*(-?\d+(?:\.\d+)?)[^,]*,(.*)$/i.exec(line);
      if (extinf) info = { seconds: Number(extinf[1]), label: extinf[2]!.trim() };
      const playlist = /^#PLAYLIST:(.*)$/i.exec(line);
      if (playlist) name = text(playlist[1]);
      continue;
    }
    if (rows.length >= IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows);
    const { artists, title } = artistAndTitle(info?.label || nameFromLocation(line));
    rows.push(
      row({
        title,
        artists,
        durationMs: info?.seconds && info.seconds > 0 ? Math.round(info.seconds * 1000) : undefined,
        location: line,
      }),
    );
    info = undefined;
  }
  const named = rows.filter((r) => r.title);
  checkRowCount(named.length);
  return { format: 'm3u', name: name || undefined, rows: named };
}
