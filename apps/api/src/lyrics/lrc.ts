import { LYRICS_MAX_BYTES, LYRICS_MAX_LINES, type LyricsCue, type LyricsLine } from '@samaa/shared';

/*
 * LRC and plain-text lyrics. Hand-written: the npm LRC parsers seen (lrc-kit and the like) are
 * unmaintained and none keeps enhanced word stamps, applies [offset:] or says why a file is not
 * lyrics, which the scanner must report instead of failing.
 */

export interface ParsedLyrics {
  synced: boolean;
  lines: LyricsLine[];
  artist?: string;
  title?: string;
  lang?: string;
}

/** A file or tag that is not lyrics; the message says why (shown on the admin Libraries page). */
export class NotLyricsError extends Error {}

const MAX_LINE_CHARS = 2000;

/** Bytes of a lyrics file as text: UTF-8 or UTF-16 by their BOM, UTF-8 when valid, else Latin-1 (Windows-1252). */
export function decodeLyricsBytes(bytes: Uint8Array): string {
  if (bytes.length > LYRICS_MAX_BYTES) throw new NotLyricsError(`larger than ${LYRICS_MAX_BYTES / 1024} KB`);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) throw new NotLyricsError('binary data, not text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const LINE_STAMP = /^\s*\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
const WORD_STAMP = /<(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?>/g;
const HEADER = /^\s*\[([a-z#]+):(.*)\]\s*$/i;

function millis(minutes: string, seconds: string, fraction: string | undefined): number {
  // Two digits are hundredths, three are thousandths, one is tenths.
  const frac = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return Number(minutes) * 60_000 + Number(seconds) * 1000 + frac;
}

/** A line's text and its word cues (enhanced LRC), the stamps taken out. */
function wordsOf(raw: string, shift: (ms: number) => number): { text: string; cues?: LyricsCue[] } {
  const cues: LyricsCue[] = [];
  const stamps = [...raw.matchAll(WORD_STAMP)];
  if (stamps.length === 0) return { text: raw.trim() };
  for (let i = 0; i < stamps.length; i += 1) {
    const stamp = stamps[i]!;
    const from = stamp.index! + stamp[0].length;
    const to = stamps[i + 1]?.index ?? raw.length;
    const word = raw.slice(from, to);
    if (word.trim()) cues.push({ start: shift(millis(stamp[1]!, stamp[2]!, stamp[3])), text: word });
  }
  const text = raw.replace(WORD_STAMP, '').replace(/\s+/g, ' ').trim();
  // Trailing spaces of the last word belong to no one.
  if (cues.length) cues[cues.length - 1] = { ...cues.at(-1)!, text: cues.at(-1)!.text.trimEnd() };
  if (cues.length) cues[0] = { ...cues[0]!, text: cues[0]!.text.trimStart() };
  return cues.length ? { text, cues } : { text };
}

/**
 * Parses LRC (`[mm:ss.xx]` or `[mm:ss:xx]` stamps, several on one line, `[offset:±ms]`, `[ar:]`,
 * `[ti:]`, `[la:]` headers, enhanced `<mm:ss.xx>` word stamps) or plain text. Synced lines come
 * sorted by start with the offset applied (a positive offset shows lines sooner). Throws
 * NotLyricsError when nothing in the text is lyrics.
 */
export function parseLyrics(text: string): ParsedLyrics {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000E-\u001A]/.test(text)) throw new NotLyricsError('binary data, not text');
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headers: Record<string, string> = {};
  const stamped: { start: number; raw: string; order: number }[] = [];
  const plain: string[] = [];
  for (const row of rows) {
    if (row.length > MAX_LINE_CHARS) throw new NotLyricsError(`a line longer than ${MAX_LINE_CHARS} characters`);
    let rest = row;
    const starts: number[] = [];
    for (let m = LINE_STAMP.exec(rest); m; m = LINE_STAMP.exec(rest)) {
      starts.push(millis(m[1]!, m[2]!, m[3]));
      rest = rest.slice(m[0].length);
    }
    if (starts.length) {
      for (const start of starts) stamped.push({ start, raw: rest, order: stamped.length });
      continue;
    }
    const header = HEADER.exec(row);
    if (header) {
      headers[header[1]!.toLowerCase()] = header[2]!.trim();
      continue;
    }
    plain.push(row.trim());
  }
  if (stamped.length + plain.length > LYRICS_MAX_LINES) throw new NotLyricsError(`more than ${LYRICS_MAX_LINES} lines`);

  const offset = Number.parseInt(headers.offset ?? '0', 10);
  const shift = (ms: number) => Math.max(0, ms - (Number.isFinite(offset) ? offset : 0));
  const meta = {
    ...(headers.ar ? { artist: headers.ar } : {}),
    ...(headers.ti ? { title: headers.ti } : {}),
    ...((headers.la ?? headers.lang) ? { lang: headers.la ?? headers.lang } : {}),
  };

  if (stamped.length) {
    // Out-of-order and repeated stamps: sorted by time, equal times in file order.
    stamped.sort((a, b) => a.start - b.start || a.order - b.order);
    const lines = stamped.map(({ start, raw }) => ({ start: shift(start), ...wordsOf(raw, shift) }));
    if (!lines.some((line) => line.text)) throw new NotLyricsError('time stamps without any words');
    return { synced: true, lines, ...meta };
  }

  // Plain text: blank lines inside are stanza breaks, at the ends they are nothing.
  while (plain.length && !plain[0]) plain.shift();
  while (plain.length && !plain.at(-1)) plain.pop();
  const lines = plain.filter((line, i) => line || plain[i - 1]).map((line) => ({ text: line }));
  if (!lines.length) throw new NotLyricsError('no lines');
  return { synced: false, lines, ...meta };
}

/** Bytes of a file or an upload, decoded and parsed. */
export function parseLyricsBytes(bytes: Uint8Array): ParsedLyrics {
  return parseLyrics(decodeLyricsBytes(bytes));
}
