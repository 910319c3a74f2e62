import { stringify } from 'csv-stringify/sync';
import { EXPORT_CSV_COLUMNS, playlistEntries, type Playlist } from '@samaa/shared';

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

function lines(playlist: Playlist, origin: string): ExportLine[] {
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
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

/** An extended M3U in UTF-8: `#EXTINF:seconds,Artist - Title` and the audio URL of each entry. */
export function toM3u8(playlist: Playlist, origin: string): string {
  const out = ['#EXTM3U', `#PLAYLIST:${oneLine(playlist.name)}`];
  for (const line of lines(playlist, origin)) {
    const seconds = line.durationMs ? Math.round(line.durationMs / 1000) : -1;
    out.push(`#EXTINF:${seconds},${oneLine(line.artist)} - ${oneLine(line.title)}`, oneLine(line.location));
  }
  return `${out.join('\n')}\n`;
}

/** CSV in Exportify's column names (Track URI, Track Name, Artist Name(s), Album Name, Duration (ms), ISRC). */
export function toCsv(playlist: Playlist, origin: string): string {
  const records = lines(playlist, origin).map((l) => [l.uri, l.title, l.artist, l.album, l.durationMs ?? '', l.isrc]);
  // A leading =, +, - or @ would be read as a formula by spreadsheets.
  const safe = (value: string | number) => (typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : value);
  return stringify([[...EXPORT_CSV_COLUMNS], ...records.map((r) => r.map(safe))]);
}

/** A file name for the download: the playlist's name without characters file systems refuse. */
export function exportFileName(playlist: Playlist, format: ExportFormat): string {
  const base = [...playlist.name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('').trim() || 'playlist';
  return `${base}.${format}`;
}
