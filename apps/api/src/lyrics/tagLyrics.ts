import type { LyricsLine } from '@samaa/shared';
import { NotLyricsError, parseLyrics, type ParsedLyrics } from './lrc.js';

/** A native tag as music-metadata reads it (`parsed.native[format]`). */
export interface NativeTag {
  id: string;
  value: unknown;
}

/** Tags that hold lyrics: ID3v2 SYLT/USLT (and v2.2 SLT/ULT), Vorbis and FLAC LYRICS/UNSYNCEDLYRICS, MP4 ©lyr. */
const LYRICS_TAGS = new Set(['SYLT', 'SLT', 'USLT', 'ULT', 'LYRICS', 'UNSYNCEDLYRICS', '©lyr']);
/** SYLT's time stamp format 2: milliseconds (1, MPEG frames, is not a time a player can follow). */
const MILLISECONDS = 2;

interface SyncedFrame {
  timeStampFormat?: number;
  syncText?: { text: string; timestamp?: number }[];
  text?: string;
  language?: string;
}

function fromSyncFrame(frame: SyncedFrame): ParsedLyrics | undefined {
  if (frame.timeStampFormat !== MILLISECONDS || !frame.syncText?.length) return undefined;
  const lines: LyricsLine[] = frame.syncText
    .map((row, order) => ({ start: Math.max(0, Math.round(row.timestamp ?? 0)), text: row.text.replace(/[\r\n]+/g, ' ').trim(), order }))
    .sort((a, b) => a.start - b.start || a.order - b.order)
    .map(({ start, text }) => ({ start, text }));
  if (!lines.some((line) => line.text)) return undefined;
  const lang = frame.language && /^[a-z]{2,3}$/i.test(frame.language) ? frame.language : undefined;
  return { synced: true, lines, ...(lang ? { lang } : {}) };
}

function fromText(text: string, language?: string): ParsedLyrics | undefined {
  try {
    const parsed = parseLyrics(text);
    const lang = language && /^[a-z]{2,3}$/i.test(language) ? language : undefined;
    return lang && !parsed.lang ? { ...parsed, lang } : parsed;
  } catch (err) {
    if (err instanceof NotLyricsError) return undefined;
    throw err;
  }
}

/** The best lyrics in a file's tags: synced before plain, the first of each kind. */
export function lyricsFromTags(native: Record<string, NativeTag[]>): ParsedLyrics | undefined {
  let plain: ParsedLyrics | undefined;
  for (const tags of Object.values(native)) {
    for (const tag of tags) {
      if (!LYRICS_TAGS.has(tag.id) && !LYRICS_TAGS.has(tag.id.toUpperCase())) continue;
      const value = tag.value;
      const found =
        typeof value === 'string'
          ? fromText(value)
          : value && typeof value === 'object'
            ? (fromSyncFrame(value as SyncedFrame) ??
              (typeof (value as SyncedFrame).text === 'string' ? fromText((value as SyncedFrame).text!, (value as SyncedFrame).language) : undefined))
            : undefined;
      if (found?.synced) return found;
      plain ??= found;
    }
  }
  return plain;
}
