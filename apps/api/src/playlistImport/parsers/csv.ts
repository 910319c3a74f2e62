import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';
import { artistList, checkRowCount, milliseconds, row, text, type ParsedPlaylist } from './parsedPlaylist.js';

/** Header names each field is read from (Exportify's first, then common alternatives), lower case. */
const COLUMNS = {
  title: ['track name', 'title', 'name', 'track', 'song'],
  artists: ['artist name(s)', 'artist name', 'artists', 'artist'],
  album: ['album name', 'album'],
  durationMs: ['duration (ms)', 'duration_ms', 'duration ms'],
  isrc: ['isrc'],
  location: ['audio url', 'location'],
} as const;

/** Whether the first line looks like an Exportify-style header (a title column and an artist column). */
export function looksLikeCsv(firstLine: string): boolean {
  const names = firstLine.toLowerCase().split(/[,;\t]/).map((n) => n.trim().replace(/^"|"$/g, ''));
  return COLUMNS.title.some((c) => names.includes(c)) && COLUMNS.artists.some((c) => names.includes(c));
}

/** An Exportify-style CSV: a header row, then one track per record; columns in any order. */
export function parseCsv(content: string): ParsedPlaylist {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // The header and one record over the limit: enough to tell the file is too long.
      to: IMPORT_LIMITS.maxRows + 2,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (err) {
    throw badRequest(IMPORT_MESSAGES.badCsv(err instanceof Error ? err.message.split('\n')[0]! : 'unreadable'));
  }
  const [header, ...body] = records;
  if (!header) throw badRequest(IMPORT_MESSAGES.noTracks);
  const names = header.map((h) => h.toLowerCase().trim());
  const at = (candidates: readonly string[]) => names.findIndex((n) => candidates.includes(n));
  const column = {
    title: at(COLUMNS.title),
    artists: at(COLUMNS.artists),
    album: at(COLUMNS.album),
    durationMs: at(COLUMNS.durationMs),
    isrc: at(COLUMNS.isrc),
    location: at(COLUMNS.location),
  };
  if (column.title < 0 || column.artists < 0) throw badRequest(IMPORT_MESSAGES.unknownFormat);
  const cell = (record: string[], index: number) => (index >= 0 ? text(record[index]) : '');
  const rows = body
    .map((record) =>
      row({
        title: cell(record, column.title),
        artists: artistList(cell(record, column.artists)),
        album: cell(record, column.album),
        durationMs: milliseconds(cell(record, column.durationMs)),
        isrc: cell(record, column.isrc),
        location: cell(record, column.location),
      }),
    )
    .filter((r) => r.title);
  checkRowCount(body.length > IMPORT_LIMITS.maxRows ? body.length : rows.length);
  return { format: 'csv', rows };
}
