import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat, type ImportInput } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';

/** What a playlist file says: its name (when it has one) and its tracks in order. */
export interface ParsedPlaylist {
  format: ImportFormat;
  name?: string;
  rows: ImportInput[];
}

const clip = (text: string) => text.trim().slice(0, IMPORT_LIMITS.maxFieldLength);

/** Text of an untrusted field: strings and numbers only, trimmed and clipped. */
export function text(value: unknown): string {
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function milliseconds(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(text(value));
  return Number.isFinite(n) && n > 0 && n <= 86_400_000 ? Math.round(n) : undefined;
}

/** Splits an artist credit ("A, B", "A; B", "A & B" are kept whole: a band may be called so). */
export function artistList(value: string): string[] {
  return value
    .split(/\s*[,;]\s*/)
    .map(clip)
    .filter(Boolean)
    .slice(0, 50);
}

/** A row with the optional fields left out when empty. */
export function row(fields: ImportInput): ImportInput {
  const out: ImportInput = { title: clip(fields.title), artists: fields.artists };
  if (fields.album) out.album = clip(fields.album);
  if (fields.durationMs) out.durationMs = fields.durationMs;
  const isrc = fields.isrc?.replace(/[\s-]/g, '').toUpperCase();
  if (isrc && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc)) out.isrc = isrc;
  if (fields.location) out.location = fields.location.trim().slice(0, 2048);
  return out;
}

/** Stops a parser at the row limit, and refuses a file without a single track. */
export function checkRowCount(count: number): void {
  if (count > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows);
  if (count === 0) throw badRequest(IMPORT_MESSAGES.noTracks);
}
