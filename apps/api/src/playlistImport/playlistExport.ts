import { stringify } from 'csv-stringify/sync';
import { EXPORT_CSV_COLUMNS, IMPORT_MESSAGES, playlistEntries, type Playlist } from '@samaa/shared';

export type ExportFormat = 'm3u8' | 'csv';

interface ExportLine {
  uri: string;
  title: string;
  artist: string;
  album: string;
  durationMs?: number;
  isrc: string;
  location: string;
}

/** How an export writes our own media paths: absolute, and signed unless media is public. */
export interface ExportLinks {
  origin: string;
  /** Absent under PUBLIC_MEDIA. */
  signed?: {
    /** `/media/…` with its signed query. */
    sign: (path: string) => string;
    /** When the links stop playing (stated in the M3U8 header). */
    expiresAt: Date;
    ttlHours: number;
  };
}

function lines(playlist: Playlist, links: ExportLinks): ExportLine[] {
  const absolute = (url: string) => {
    if (!url.startsWith('/')) return url;
    return `${links.origin}${links.signed && url.startsWith('/media/') ? links.signed.sign(url) : url}`;
  };
  return playlistEntries(playlist).map((entry) =>
    entry.kind === 'song'
      ? {
          uri: `samaa:song:${entry.song._id}`,
          title: entry.song.name,
          artist: entry.song.artist,
          album: entry.song.album ?? '',
          durationMs: entry.song.duration ? entry.song.duration * 1000 : undefined,
          isrc: entry.song.isrc ?? '',
          location: absolute(entry.song.song),
        }
      : {
          uri: `jiosaavn:song:${entry.track.saavnId}`,
          title: entry.track.name,
          artist: entry.track.artist,
          album: '',
          isrc: '',
          location: entry.track.src,
        },
  );
}

/** One line of text: no line breaks may end up inside an EXTINF or a location. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * An extended M3U in UTF-8: `#EXTINF:seconds,Artist - Title` and the audio URL of each entry; a
 * comment states how long the signed links play.
 */
export function toM3u8(playlist: Playlist, links: ExportLinks): string {
  const out = ['#EXTM3U', `#PLAYLIST:${oneLine(playlist.name)}`];
  if (links.signed) out.push(IMPORT_MESSAGES.exportLinksUntil(links.signed.expiresAt.toISOString(), links.signed.ttlHours));
  for (const line of lines(playlist, links)) {
    const seconds = line.durationMs ? Math.round(line.durationMs / 1000) : -1;
    out.push(`#EXTINF:${seconds},${oneLine(line.artist)} - ${oneLine(line.title)}`, oneLine(line.location));
  }
  return `${out.join('\n')}\n`;
}

/** CSV in Exportify's column names (Track URI, Track Name, Artist Name(s), Album Name, Duration (ms), ISRC), then Audio URL. */
export function toCsv(playlist: Playlist, links: ExportLinks): string {
  const records = lines(playlist, links).map((l) => [l.uri, l.title, l.artist, l.album, l.durationMs ?? '', l.isrc, l.location]);
  // A leading =, +, - or @ would be read as a formula by spreadsheets.
  const safe = (value: string | number) => (typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : value);
  return stringify([[...EXPORT_CSV_COLUMNS], ...records.map((r) => r.map(safe))]);
}

/** A file name for the download: the playlist's name without characters file systems refuse. */
export function exportFileName(playlist: Playlist, format: ExportFormat): string {
  const base = [...playlist.name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('').trim() || 'playlist';
  return `${base}.${format}`;
}
