import fs from 'node:fs';
import path from 'node:path';
import type { Song } from '@samaa/shared';
import { persistedBody, type PersistedBody } from '../http/persistedBody.js';
import { decodeSongBlocks } from './songBlocks.js';
import { songsByIdOf, type SongsById } from './songsById.js';
import { encodeSongTable, SongTable, songTableOf } from './songTable.js';

/*
 * The catalogue kept on disk between runs, so a restart neither scans the catalogue nor parses
 * it before answering: the full list's gzipped body as it is sent (served straight from the file),
 * the songs in blocks (songBlocks.ts), loaded a block at a time, and the views kept beside them
 * (the search index), restored instead of built.
 *
 * Layout: a `samaa-catalogue 5` line, the version, the JSON's length, the gzipped body's length,
 * the song blocks' length, then the gzipped body, the song blocks, and each kept view as its
 * name's line, its length's line and its bytes.
 */

const MAGIC = 'samaa-catalogue 6';
/** Version 5 kept the songs as gzipped JSON blocks (songBlocks.ts): read back once after an upgrade. */
const JSON_BLOCKS_MAGIC = 'samaa-catalogue 5';

/** The full list's ETag names the catalogue version. */
export const fullListTag = (version: string) => `songs-${Buffer.from(version).toString('base64url')}`;

/** A snapshot file read back: its body now, its songs when asked (and only once). */
export interface SnapshotOnDisk {
  version: string;
  body: PersistedBody;
  songs(): Promise<{ songs: Song[]; byId: SongsById }>;
  /** The kept views' bytes, by view name. */
  views: Map<string, Buffer>;
  /** Whether the file is of an older layout: it is written again, as it would be after a change. */
  upgrade: boolean;
}

/** The snapshot in `file`, or undefined when there is none or it is unreadable. */
export function readSnapshotFile(file: string): SnapshotOnDisk | undefined {
  let bytes: Buffer;
  try {
    // At once: on the thread pool the read queued behind a music-folder scan's file reads.
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const layout = layoutOf(bytes);
  const views = layout && keptViews(bytes, layout.blocksEnd);
  if (!layout || !views) return undefined;
  const { version, jsonLength, bodyStart, bodyEnd, blocksEnd } = layout;
  // Copies: a slice would keep the whole file's buffer alive.
  const body = persistedBody(fullListTag(version), Buffer.from(bytes.subarray(bodyStart, bodyEnd)), jsonLength);
  let blocks: Buffer | undefined = Buffer.from(bytes.subarray(bodyEnd, blocksEnd));
  let songs: Promise<{ songs: Song[]; byId: SongsById }> | undefined;
  return {
    version,
    body,
    views,
    upgrade: !layout.table,
    songs() {
      if (!songs) {
        const kept = blocks!;
        blocks = undefined;
        songs = layout.table ? tableSongs(kept) : decodeSongBlocks(kept).then(async (list) => tableSongs((await songTableOf(list)).bytes));
      }
      return songs;
    },
  };
}

/** The songs of a table kept in the file: their by-id lookup is the table's own id order. */
async function tableSongs(bytes: Buffer): Promise<{ songs: Song[]; byId: SongsById }> {
  const songs = new SongTable(bytes).songs();
  return { songs, byId: songsByIdOf(songs) };
}

interface Layout {
  version: string;
  jsonLength: number;
  bodyStart: number;
  bodyEnd: number;
  blocksEnd: number;
  /** Whether the songs are a table (version 6) rather than JSON blocks. */
  table: boolean;
}

/** Where a snapshot file's body and songs lie (its views follow them); undefined when it is not one. */
function layoutOf(bytes: Buffer): Layout | undefined {
  const header: string[] = [];
  let at = 0;
  for (let i = 0; i < 5; i += 1) {
    const end = bytes.indexOf(10, at);
    if (end < 0) return undefined;
    header.push(bytes.toString('utf8', at, end));
    at = end + 1;
  }
  const [magic, version, jsonLength, gzipLength, blocksLength] = header as [string, string, string, string, string];
  const bodyEnd = at + Number(gzipLength);
  const blocksEnd = bodyEnd + Number(blocksLength);
  if ((magic !== MAGIC && magic !== JSON_BLOCKS_MAGIC) || !Number.isSafeInteger(Number(jsonLength)) || !(blocksEnd <= bytes.length)) return undefined;
  return { version, jsonLength: Number(jsonLength), bodyStart: at, bodyEnd, blocksEnd, table: magic === MAGIC };
}

/** The kept views after the song blocks, each copied out of the file's buffer; undefined when cut short. */
function keptViews(bytes: Buffer, from: number): Map<string, Buffer> | undefined {
  const views = new Map<string, Buffer>();
  let at = from;
  while (at < bytes.length) {
    const nameEnd = bytes.indexOf(10, at);
    const lengthEnd = nameEnd < 0 ? -1 : bytes.indexOf(10, nameEnd + 1);
    if (lengthEnd < 0) return undefined;
    const end = lengthEnd + 1 + Number(bytes.toString('latin1', nameEnd + 1, lengthEnd));
    if (!(end <= bytes.length)) return undefined;
    views.set(bytes.toString('utf8', at, nameEnd), Buffer.from(bytes.subarray(lengthEnd + 1, end)));
    at = end;
  }
  return views;
}

const viewBytes = (views: ReadonlyMap<string, Buffer>) => [...views].flatMap(([name, bytes]) => [Buffer.from(`${name}\n${bytes.length}\n`), bytes]);

/** The catalogue's file between runs: one write at a time, and a shutdown waits for the last. */
export interface SnapshotFile {
  readonly path: string;
  /** The snapshot kept, or undefined when there is none or it is unreadable. */
  read(): SnapshotOnDisk | undefined;
  /** Writes the snapshot in the background (to a temporary file, then renamed over the old one). */
  write(version: string, body: PersistedBody, songs: readonly Song[], views?: ReadonlyMap<string, Buffer>): void;
  /**
   * Replaces the kept views of the file, which holds `version`'s songs: its body and song blocks
   * are copied as they are, not encoded again (a large catalogue's encode outlasts a stop's
   * grace). Nothing is written if the file holds another version by then.
   */
  replaceViews(version: string, views: ReadonlyMap<string, Buffer>): void;
  /** Resolves once the last snapshot is on disk (or its write failed). */
  written(): Promise<unknown>;
  /** Removes the snapshot (it can no longer be trusted for the version it names). */
  remove(): void;
}

export function snapshotFileAt(file: string): SnapshotFile {
  /** The file being written, if any: a shutdown waits for it. */
  let writing: Promise<unknown> = Promise.resolve();
  const tmp = `${file}.${process.pid}.tmp`;
  /**
   * Replaces the file with what `contents` makes, once the write before has ended (two at once
   * would share the temporary file); `contents` answering undefined leaves the file as it is.
   */
  const replace = (contents: () => Promise<readonly Buffer[] | undefined>) => {
    writing = writing
      .then(async () => {
        const parts = await contents();
        if (!parts) return;
        await fs.promises.writeFile(tmp, Buffer.concat(parts));
        await fs.promises.rename(tmp, file);
      })
      .catch(() => fs.promises.rm(tmp, { force: true }));
  };
  return {
    path: file,
    read: () => readSnapshotFile(file),
    write(version, body, songs, views = new Map()) {
      const blocks = encodeSongTable(songs);
      replace(async () => {
        const [encoded] = await Promise.all([blocks, fs.promises.mkdir(path.dirname(file), { recursive: true })]);
        return [Buffer.from(`${MAGIC}\n${version}\n${body.jsonLength}\n${body.gzip.length}\n${encoded.length}\n`), body.gzip, encoded, ...viewBytes(views)];
      });
    },
    replaceViews(version, views) {
      replace(async () => {
        const bytes = await fs.promises.readFile(file);
        const layout = layoutOf(bytes);
        return layout?.version === version ? [bytes.subarray(0, layout.blocksEnd), ...viewBytes(views)] : undefined;
      });
    },
    written: () => writing,
    remove: () => fs.rmSync(file, { force: true }),
  };
}
