import fs from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Song } from '@samaa/shared';
import { persistedBody, persistedBodyInFile, type PersistedBody } from '../http/persistedBody.js';
import { decodeSongBlocks } from './songBlocks.js';
import { songsByIdOf, type SongsById } from './songsById.js';
import { encodeSongTable, SongTable, songTableOf } from './songTable.js';

/*
 * The catalogue kept on disk between runs, so a restart neither scans the catalogue nor parses
 * it before answering: the full list's gzipped body as it is sent (a large one sent from the file
 * as it is read, not held), the songs as a song table (songTable.ts: read back as they are, no
 * song parsed), and the views kept beside them (the search index, the Subsonic library), restored
 * instead of built.
 *
 * Layout: a `samaa-catalogue 6` line, the version, the JSON's length, the gzipped body's length,
 * the songs' length, then the gzipped body, the songs, and each kept view as its name's line, its
 * length's line and its bytes. Layout 5 kept the songs as JSON blocks (songBlocks.ts).
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

/** The parts of a file as read: its layout, body, songs, and its kept views' bytes by name. */
interface FileParts {
  layout: Layout;
  /** The open file, which a body not held is read from from now on. */
  fd: number;
  /** The body's gzip, when small enough to be held (`HELD_UP_TO`). */
  body: Buffer | undefined;
  songs: Buffer;
  views: Map<string, Buffer> | undefined;
}

/**
 * The snapshot in `file`, or undefined when there is none or it is unreadable. Each part is read
 * into its own buffer at its place in the file, never the whole file into one: at a million songs
 * that buffer and the copies out of it doubled the memory a restart peaks at. Read at once, before
 * the server listens: on the thread pool the reads queued behind a music-folder scan's.
 */
export function readSnapshotFile(file: string): SnapshotOnDisk | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const read = (at: number, length: number) => {
      const out = Buffer.allocUnsafeSlow(length);
      if (fs.readSync(fd!, out, 0, length, at) !== length) throw new Error('the snapshot file is cut short');
      return out;
    };
    const layout = layoutOf(read(0, Math.min(size, HEADER_BYTES)), size);
    if (!layout) return undefined;
    const views = keptViews(read, layout.songsEnd, size);
    const body = heldBody(layout) ? read(layout.bodyStart, layout.bodyEnd - layout.bodyStart) : undefined;
    const disk = onDiskOf({ layout, fd, body, songs: read(layout.bodyEnd, layout.songsEnd - layout.bodyEnd), views });
    // A body not held is read from the open file as it is sent.
    if (disk && !body) fd = undefined;
    return disk;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** `readSnapshotFile` on the thread pool, for a server that is serving: a large catalogue's read would hold its event loop. */
export async function readSnapshotFileAsync(file: string): Promise<SnapshotOnDisk | undefined> {
  let fd: number | undefined;
  try {
    fd = await openFile(file, 'r');
    const { size, read, layout } = await openedSnapshot(fd);
    if (!layout) return undefined;
    const views = await keptViewsInBackground(read, layout.songsEnd, size);
    const body = heldBody(layout) ? await read(layout.bodyStart, layout.bodyEnd - layout.bodyStart) : undefined;
    const disk = onDiskOf({ layout, fd, body, songs: await read(layout.bodyEnd, layout.songsEnd - layout.bodyEnd), views });
    if (disk && !body) fd = undefined;
    return disk;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) await closeFile(fd);
  }
}

const openFile = promisify(fs.open);
const closeFile = promisify(fs.close);
const readFile = promisify(fs.read);
const fstat = promisify(fs.fstat);

/** An open file's size, a reader of its bytes at a place, and its layout (undefined when it is no snapshot file). */
async function openedSnapshot(fd: number) {
  const size = (await fstat(fd)).size;
  const read = async (at: number, length: number) => {
    const out = Buffer.allocUnsafeSlow(length);
    if ((await readFile(fd, out, 0, length, at)).bytesRead !== length) throw new Error('the snapshot file is cut short');
    return out;
  };
  return { size, read, layout: layoutOf(await read(0, Math.min(size, HEADER_BYTES)), size) };
}

/**
 * Up to this size the full list's gzip is held in memory and sent in one write; past it, it is
 * read from the file as it is sent. A send from the file takes turns of the event loop, which a
 * restart's rescan and restore share (docs/performance.md).
 */
const HELD_UP_TO = 8 << 20;
const heldBody = (layout: Layout) => layout.bodyEnd - layout.bodyStart <= HELD_UP_TO;

/** A file's parts as the catalogue takes them: the body now, the songs when asked (and only once). */
function onDiskOf({ layout, fd, body: held, songs: songBytes, views }: FileParts): SnapshotOnDisk | undefined {
  if (!views) return undefined;
  const { version, jsonLength, bodyStart, bodyEnd } = layout;
  let kept: Buffer | undefined = songBytes;
  let songs: Promise<{ songs: Song[]; byId: SongsById }> | undefined;
  return {
    version,
    body: held ? persistedBody(fullListTag(version), held, jsonLength) : persistedBodyInFile(fullListTag(version), fd, bodyStart, bodyEnd - bodyStart, jsonLength),
    views,
    upgrade: !layout.table,
    songs() {
      if (!songs) {
        const bytes = kept!;
        kept = undefined;
        songs = layout.table ? Promise.resolve().then(() => tableSongs(new SongTable(bytes))) : decodeSongBlocks(bytes).then(async (list) => tableSongs(await songTableOf(list)));
      }
      return songs;
    },
  };
}

/** Enough of a file's start to hold its five header lines. */
const HEADER_BYTES = 4096;

/** A table's songs: their by-id lookup is the table's own id order. */
function tableSongs(table: SongTable): { songs: Song[]; byId: SongsById } {
  const songs = table.songs();
  return { songs, byId: songsByIdOf(songs) };
}

interface Layout {
  version: string;
  jsonLength: number;
  bodyStart: number;
  bodyEnd: number;
  songsEnd: number;
  /** Whether the songs are a table (version 6) rather than JSON blocks. */
  table: boolean;
}

/** Where a snapshot file's body and songs lie (its views follow them), from its first bytes; undefined when it is not one. */
function layoutOf(start: Buffer, size: number): Layout | undefined {
  const header: string[] = [];
  let at = 0;
  for (let i = 0; i < 5; i += 1) {
    const end = start.indexOf(10, at);
    if (end < 0) return undefined;
    header.push(start.toString('utf8', at, end));
    at = end + 1;
  }
  const [magic, version, jsonLength, gzipLength, songsLength] = header as [string, string, string, string, string];
  const bodyEnd = at + Number(gzipLength);
  const songsEnd = bodyEnd + Number(songsLength);
  if ((magic !== MAGIC && magic !== JSON_BLOCKS_MAGIC) || !Number.isSafeInteger(Number(jsonLength)) || !(songsEnd <= size)) return undefined;
  return { version, jsonLength: Number(jsonLength), bodyStart: at, bodyEnd, songsEnd, table: magic === MAGIC };
}

/** Where a kept view lies, from the bytes at its start (`at` in the file); undefined when cut short. */
function viewHead(head: Buffer, at: number, size: number): { name: string; start: number; length: number } | undefined {
  const nameEnd = head.indexOf(10);
  const lengthEnd = nameEnd < 0 ? -1 : head.indexOf(10, nameEnd + 1);
  if (lengthEnd < 0) return undefined;
  const length = Number(head.toString('latin1', nameEnd + 1, lengthEnd));
  const start = at + lengthEnd + 1;
  if (!(Number.isSafeInteger(length) && length >= 0 && start + length <= size)) return undefined;
  return { name: head.toString('utf8', 0, nameEnd), start, length };
}

/** The kept views after the songs, each read into its own buffer (each is let go once restored); undefined when cut short. */
function keptViews(read: (at: number, length: number) => Buffer, from: number, size: number): Map<string, Buffer> | undefined {
  const views = new Map<string, Buffer>();
  for (let at = from; at < size; ) {
    const view = viewHead(read(at, Math.min(size - at, HEADER_BYTES)), at, size);
    if (!view) return undefined;
    views.set(view.name, read(view.start, view.length));
    at = view.start + view.length;
  }
  return views;
}

/** `keptViews` on the thread pool. */
async function keptViewsInBackground(read: (at: number, length: number) => Promise<Buffer>, from: number, size: number): Promise<Map<string, Buffer> | undefined> {
  const views = new Map<string, Buffer>();
  for (let at = from; at < size; ) {
    const view = viewHead(await read(at, Math.min(size - at, HEADER_BYTES)), at, size);
    if (!view) return undefined;
    views.set(view.name, await read(view.start, view.length));
    at = view.start + view.length;
  }
  return views;
}

const viewBytes = (views: ReadonlyMap<string, Buffer>) => [...views].flatMap(([name, bytes]) => [Buffer.from(`${name}\n${bytes.length}\n`), bytes]);

/** The catalogue's file between runs: one write at a time, and a shutdown waits for the last. */
export interface SnapshotFile {
  readonly path: string;
  /** The snapshot kept, or undefined when there is none or it is unreadable. */
  read(): SnapshotOnDisk | undefined;
  /** The same, read on the thread pool. */
  readInBackground(): Promise<SnapshotOnDisk | undefined>;
  /** Writes the snapshot in the background (to a temporary file, then renamed over the old one). */
  write(version: string, body: PersistedBody, songs: readonly Song[], views?: ReadonlyMap<string, Buffer>): void;
  /**
   * Replaces the kept views of the file, which holds `version`'s songs: its body and songs are
   * copied as they are, not encoded again (a large catalogue's encode outlasts a stop's
   * grace). Nothing is written if the file holds another version by then.
   */
  replaceViews(version: string, views: ReadonlyMap<string, Buffer>): void;
  /** Resolves once the last snapshot is on disk (or its write failed). */
  written(): Promise<unknown>;
  /** Removes the snapshot (it can no longer be trusted for the version it names). */
  remove(): void;
}

/** A file's parts in order, the body's gzip as it streams (it may be read from the file it replaces). */
async function* fileParts(head: Buffer, gzip: AsyncIterable<Buffer>, songs: Buffer, views: Buffer[]): AsyncGenerator<Buffer> {
  yield head;
  yield* gzip;
  yield songs;
  yield* views;
}

export function snapshotFileAt(file: string): SnapshotFile {
  /** The file being written, if any: a shutdown waits for it. */
  let writing: Promise<unknown> = Promise.resolve();
  const tmp = `${file}.${process.pid}.tmp`;
  /**
   * Replaces the file with the temporary one `write` makes, once the write before has ended (two
   * at once would share the temporary file); `write` answering false leaves the file as it is.
   */
  const replace = (write: () => Promise<boolean>) => {
    writing = writing
      .then(async () => {
        if (await write()) await fs.promises.rename(tmp, file);
      })
      .catch(() => fs.promises.rm(tmp, { force: true }));
  };
  return {
    path: file,
    read: () => readSnapshotFile(file),
    readInBackground: () => readSnapshotFileAsync(file),
    write(version, body, songs, views = new Map()) {
      const encoding = encodeSongTable(songs);
      replace(async () => {
        const [encoded] = await Promise.all([encoding, fs.promises.mkdir(path.dirname(file), { recursive: true })]);
        const head = Buffer.from(`${MAGIC}\n${version}\n${body.jsonLength}\n${body.gzipLength}\n${encoded.length}\n`);
        // Part by part: one buffer of the whole file would double what a write holds.
        await fs.promises.writeFile(tmp, fileParts(head, body.gzip(), encoded, viewBytes(views)));
        return true;
      });
    },
    replaceViews(version, views) {
      replace(async () => {
        // The body and songs are copied on disk, not read into memory.
        const fd = await openFile(file, 'r');
        let layout: Layout | undefined;
        try {
          layout = (await openedSnapshot(fd)).layout;
        } finally {
          await closeFile(fd);
        }
        if (layout?.version !== version) return false;
        await fs.promises.copyFile(file, tmp);
        await fs.promises.truncate(tmp, layout.songsEnd);
        await fs.promises.appendFile(tmp, Buffer.concat(viewBytes(views)));
        return true;
      });
    },
    written: () => writing,
    remove: () => fs.rmSync(file, { force: true }),
  };
}
