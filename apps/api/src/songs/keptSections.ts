/*
 * The byte layout of a view kept in the catalogue's snapshot file (the search index, the Subsonic
 * library): a JSON header line, then sections one after the other, each starting on a multiple of
 * 4 bytes so a typed array can be copied straight out of it.
 */

import type { Song } from '@samaa/shared';
import { rowIn, tableOf } from './songTable.js';

const padded = (n: number) => (n + 3) & ~3;

/**
 * A song's place in `songs` (the snapshot's list), as kept views name their songs: a table's own
 * list places each song at its row; otherwise a map, made on the first lookup, so a view whose
 * songs sit at their places never makes it.
 */
export function songPlaces(songs: readonly Song[]): (song: Song) => number | undefined {
  const table = tableOf(songs);
  if (table) return (song) => rowIn(table, song);
  let places: Map<Song, number> | undefined;
  return (song) => {
    if (!places) {
      places = new Map();
      songs.forEach((each, place) => places!.set(each, place));
    }
    return places.get(song);
  };
}

/** `header` as a JSON line, then each section, padded. */
export function encodeSections(header: unknown, sections: readonly ArrayBufferView[]): Buffer {
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
  const parts: Buffer[] = [headerLine, Buffer.alloc(padded(headerLine.length) - headerLine.length)];
  for (const section of sections) {
    const bytes = Buffer.from(section.buffer, section.byteOffset, section.byteLength);
    parts.push(bytes, Buffer.alloc(padded(bytes.length) - bytes.length));
  }
  return Buffer.concat(parts);
}

/** Reads sections in the order they were written; typed arrays are copies (aligned, free of the file's buffer). */
export interface SectionReader {
  u32(count: number): Uint32Array<ArrayBuffer>;
  u8(count: number): Uint8Array<ArrayBuffer>;
  f64(count: number): Float64Array<ArrayBuffer>;
  /** A section's bytes as they are (a view of `bytes`). */
  bytes(byteLength: number): Buffer;
  text(byteLength: number): string;
}

/** The header `encodeSections` wrote, and a reader of its sections; `what` names the view in errors. */
export function decodeSections<H>(bytes: Buffer, what: string): { header: H; read: SectionReader } {
  const lineEnd = bytes.indexOf(10);
  if (lineEnd < 0) throw new Error(`the kept ${what} has no header`);
  const header = JSON.parse(bytes.toString('utf8', 0, lineEnd)) as H;
  let at = padded(lineEnd + 1);
  const take = (byteLength: number) => {
    const slice = bytes.subarray(at, at + byteLength);
    if (slice.length !== byteLength) throw new Error(`the kept ${what} is cut short`);
    at += padded(byteLength);
    return slice;
  };
  const copy = <A extends Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(out: A): A => {
    Buffer.from(out.buffer).set(take(out.byteLength));
    return out;
  };
  return {
    header,
    read: {
      u32: (count) => copy(new Uint32Array(count)),
      u8: (count) => copy(new Uint8Array(count)),
      f64: (count) => copy(new Float64Array(count)),
      bytes: take,
      text: (byteLength) => take(byteLength).toString('utf8'),
    },
  };
}
