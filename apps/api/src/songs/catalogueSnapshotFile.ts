import fs from 'node:fs';
import path from 'node:path';
import type { Song } from '@samaa/shared';
import { persistedBody, type PersistedBody } from '../http/persistedBody.js';
import { decodeSongBlocks, encodeSongBlocks } from './songBlocks.js';

/*
 * The catalogue kept on disk between runs, so a restart neither scans the catalogue nor parses
 * it before answering: the full list's gzipped body as it is sent (served straight from the file)
 * and the songs in blocks (songBlocks.ts), loaded in the background a block at a time.
 *
 * Layout: a `samaa-catalogue 4` line, the version, the JSON's length, the gzipped body's length,
 * then the gzipped body and the song blocks.
 */

const MAGIC = 'samaa-catalogue 4';

/** The full list's ETag names the catalogue version. */
export const fullListTag = (version: string) => `songs-${Buffer.from(version).toString('base64url')}`;

/** A snapshot file read back: its body now, its songs when asked (and only once). */
export interface SnapshotOnDisk {
  version: string;
  body: PersistedBody;
  songs(): Promise<Song[]>;
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
  const header: string[] = [];
  let at = 0;
  for (let i = 0; i < 4; i += 1) {
    const end = bytes.indexOf(10, at);
    if (end < 0) return undefined;
    header.push(bytes.toString('utf8', at, end));
    at = end + 1;
  }
  const [magic, version, jsonLength, gzipLength] = header as [string, string, string, string];
  const bodyEnd = at + Number(gzipLength);
  if (magic !== MAGIC || !Number.isSafeInteger(Number(jsonLength)) || !(bodyEnd <= bytes.length)) return undefined;
  // Copies: a slice would keep the whole file's buffer alive.
  const body = persistedBody(fullListTag(version), Buffer.from(bytes.subarray(at, bodyEnd)), Number(jsonLength));
  let blocks: Buffer | undefined = Buffer.from(bytes.subarray(bodyEnd));
  let songs: Promise<Song[]> | undefined;
  return {
    version,
    body,
    songs() {
      if (!songs) {
        const kept = blocks!;
        blocks = undefined;
        songs = decodeSongBlocks(kept);
      }
      return songs;
    },
  };
}

/** The catalogue's file between runs: one write at a time, and a shutdown waits for the last. */
export interface SnapshotFile {
  readonly path: string;
  /** The snapshot kept, or undefined when there is none or it is unreadable. */
  read(): SnapshotOnDisk | undefined;
  /** Writes the snapshot in the background (to a temporary file, then renamed over the old one). */
  write(version: string, body: PersistedBody, songs: readonly Song[]): void;
  /** Resolves once the last snapshot is on disk (or its write failed). */
  written(): Promise<unknown>;
  /** Removes the snapshot (it can no longer be trusted for the version it names). */
  remove(): void;
}

export function snapshotFileAt(file: string): SnapshotFile {
  /** The file being written, if any: a shutdown waits for it. */
  let writing: Promise<unknown> = Promise.resolve();
  return {
    path: file,
    read: () => readSnapshotFile(file),
    write(version, body, songs) {
      const tmp = `${file}.${process.pid}.tmp`;
      const blocks = encodeSongBlocks(songs);
      // One write at a time: two would share the temporary file.
      writing = writing
        .then(() => Promise.all([blocks, fs.promises.mkdir(path.dirname(file), { recursive: true })]))
        .then(([encoded]) =>
          fs.promises.writeFile(tmp, Buffer.concat([Buffer.from(`${MAGIC}\n${version}\n${body.jsonLength}\n${body.gzip.length}\n`), body.gzip, encoded])),
        )
        .then(() => fs.promises.rename(tmp, file))
        .catch(() => fs.promises.rm(tmp, { force: true }));
    },
    written: () => writing,
    remove: () => fs.rmSync(file, { force: true }),
  };
}
