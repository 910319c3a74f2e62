import type { Song } from '@samaa/shared';
import { isSoleWriter } from '../db/engine.js';
import { encodePersistedBody, type PersistedBody } from '../http/persistedBody.js';
import {
  fullListTag,
  readSnapshotFile,
  removeSnapshotFile,
  snapshotFileWritten,
  writeSnapshotFile,
  type SnapshotOnDisk,
} from './catalogueSnapshotFile.js';
import { internSongStrings } from './songBlocks.js';
import { bumpCatalogueVersion, readCatalogueVersion, readWholeCatalogue } from './songCatalogue.repo.js';

/*
 * The catalogue read model: the whole song list, newest first, kept in memory and rebuilt only
 * when the catalogue version moves (songCatalogue.repo.ts). Every song write goes through
 * songs.repo.ts, which calls `catalogueChanged()` after it. Between runs it is kept on disk
 * (catalogueSnapshotFile.ts): after a restart the full list is sent from the file's bytes and the
 * songs load in the background, so neither waits on a scan nor on a parse of the whole list.
 */

/** The whole catalogue, newest first, as of one catalogue version. */
export interface SongListSnapshot {
  version: string;
  songs: Song[];
  /** The `{ data }` body of the full list: made once per snapshot (or read from disk), kept gzipped. */
  body(): PersistedBody;
  /** Whether the body was made (or read from disk) already. */
  isEncoded(): boolean;
}

/**
 * How long a snapshot is served before the shared version is read again. Writes in this process
 * drop it at once; this bounds how late another process's write shows (without Redis).
 */
const VERSION_CHECK_MS = 250;
/** Past this, a request waits for the version read; before it, the read happens in the background. */
const VERSION_WAIT_MS = 1000;
/** How late another process's song write may show here, without Redis. */
export const CATALOGUE_BOUND_MS = VERSION_WAIT_MS;
const changeListeners = new Set<() => void>();
const patchListeners = new Set<(base: SongListSnapshot, next: SongListSnapshot, change: CatalogueChange) => void>();

/**
 * Called when this process patched its snapshot with its own write: views of the catalogue
 * (the search index) can carry theirs forward with the same change instead of building anew.
 */
export function onCataloguePatched(
  listener: (base: SongListSnapshot, next: SongListSnapshot, change: CatalogueChange) => void,
): () => void {
  patchListeners.add(listener);
  return () => patchListeners.delete(listener);
}

let current: SongListSnapshot | undefined;
/** When `current`'s version was last confirmed. */
let checkedAt = 0;
let pending: { version: string; promise: Promise<SongListSnapshot> } | undefined;
/** Where the last snapshot is kept between runs, so a restart serves the list without a scan. */
let snapshotFile: string | undefined;
/** The file read back, until a snapshot is built (from it or from the database); null: no file. */
let onDisk: SnapshotOnDisk | null | undefined;

/** Called in this process after every song write, once the shared version has moved. */
export function onCatalogueChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * What one song write in this process changed: with it, this process patches its snapshot in
 * memory instead of reading the whole catalogue again. Other processes still see the version
 * move and read it again.
 */
export interface CatalogueChange {
  /** Songs just inserted, newest first: they go first in the list. */
  added?: Song[];
  /** Songs whose fields changed; they keep their place. */
  replaced?: Song[];
  deleted?: string[];
}

/**
 * Moves the version every process on the database checks, then drops this process's snapshot
 * and tells the listeners. In that order: a rebuild started after the drop reads the new version,
 * so it never takes the snapshot kept on disk for the old one. When the write says what it
 * changed and the snapshot held was the version just before the move, the snapshot is patched
 * instead (no read of the catalogue); any write between the two leaves it dropped.
 */
export async function catalogueChanged(change?: CatalogueChange): Promise<void> {
  let moved: Awaited<ReturnType<typeof bumpCatalogueVersion>>;
  try {
    moved = await bumpCatalogueVersion();
  } catch {
    // The song write itself succeeded but the version did not move: the snapshot on disk can no
    // longer be trusted for it, and other processes catch up at the next successful bump.
    if (snapshotFile) removeSnapshotFile(snapshotFile);
  }
  const base = current;
  forgetCatalogueSnapshot();
  if (change && base && moved && base.version === moved.previous) {
    current = patched(base, moved.version, change);
    checkedAt = Date.now();
    for (const listener of patchListeners) listener(base, current, change);
  }
  for (const listener of changeListeners) listener();
}

/** `base` with one write's change applied: O(list) pointer work, no database read. */
function patched(base: SongListSnapshot, version: string, { added = [], replaced = [], deleted = [] }: CatalogueChange): SongListSnapshot {
  const gone = new Set(deleted);
  const replacing = new Map(replaced.map((song) => [song._id, song]));
  let songs: Song[] = base.songs;
  if (gone.size > 0 || replacing.size > 0) {
    songs = [];
    for (const song of base.songs) if (!gone.has(song._id)) songs.push(replacing.get(song._id) ?? song);
  }
  if (added.length > 0) songs = [...added, ...songs];
  const next = snapshotOf(version, songs);
  const baseById = indexes.get(base);
  if (baseById) {
    const byId = new Map(baseById);
    for (const id of gone) byId.delete(id);
    for (const song of [...replaced, ...added]) byId.set(song._id, song);
    indexes.set(next, byId);
  }
  return next;
}

/**
 * A snapshot whose body is made on first demand (a write patches the list; the body is encoded
 * once, when the full list is next asked for) and then kept on disk for the next start. Only the
 * gzipped body stays in memory.
 */
function snapshotOf(version: string, songs: Song[], kept?: PersistedBody): SongListSnapshot {
  let body = kept;
  return {
    version,
    songs,
    body() {
      if (!body) {
        body = encodePersistedBody(fullListTag(version), { data: songs });
        if (snapshotFile) writeSnapshotFile(snapshotFile, version, body, songs);
      }
      return body;
    },
    isEncoded: () => body !== undefined,
  };
}

/**
 * Resolves once the last snapshot is on disk (or its write failed): the server awaits it on
 * shutdown. A snapshot patched since its body was last made is encoded now, so the next start
 * reads it instead of the whole catalogue.
 */
export async function catalogueWritten(): Promise<void> {
  if (current && !current.isEncoded()) current.body();
  await snapshotFileWritten();
}

/** The snapshot file, read once and shared until a snapshot is built. */
function snapshotOnDisk(): SnapshotOnDisk | undefined {
  if (!snapshotFile) return undefined;
  if (onDisk === undefined) onDisk = readSnapshotFile(snapshotFile) ?? null;
  return onDisk ?? undefined;
}

async function build(version: string): Promise<SongListSnapshot> {
  try {
    const disk = snapshotOnDisk();
    if (disk?.version === version) {
      try {
        return snapshotOf(version, await disk.songs(), disk.body);
      } catch {
        // An unreadable file: the catalogue is read from the database instead.
      }
    }
    return snapshotOf(version, internSongStrings(await readWholeCatalogue()));
  } finally {
    // Kept until now: the full list is sent from the file's body while its songs load.
    onDisk = undefined;
  }
}

/** Keeps the snapshot in `file` between runs (the server's data folder). */
export function persistCatalogueIn(file: string): void {
  snapshotFile = file;
  onDisk = undefined;
}

/** Drops this process's snapshot (another process announced a change). */
export function forgetCatalogueSnapshot(): void {
  current = undefined;
  pending = undefined;
  versionRead = undefined;
  onDisk = undefined;
}

/** The version read in flight: concurrent requests share it instead of each reading it. */
let versionRead: Promise<string> | undefined;
function sharedVersionRead(): Promise<string> {
  if (versionRead) return versionRead;
  const read = readCatalogueVersion().finally(() => {
    if (versionRead === read) versionRead = undefined;
  });
  return (versionRead = read);
}

/** The snapshot held, when it may be served without waiting for a version read. */
function servable(): SongListSnapshot | undefined {
  if (current && (isSoleWriter() || Date.now() - checkedAt < VERSION_CHECK_MS)) return current;
  if (current && Date.now() - checkedAt < VERSION_WAIT_MS) {
    // Read ahead: this request is served the snapshot while the version is read.
    void refreshSnapshot().catch(() => undefined);
    return current;
  }
  return undefined;
}

/** The song list, read from the database only when the version moved; concurrent callers share one rebuild. */
export async function songListSnapshot(): Promise<SongListSnapshot> {
  return servable() ?? refreshSnapshot();
}

/**
 * The full list's body. Right after a start it is the snapshot file's body, sent as it was kept
 * while the songs themselves load: the full list reads no song, and parses none.
 */
export async function fullListBody(): Promise<PersistedBody> {
  const held = servable();
  if (held) return held.body();
  const version = await sharedVersionRead();
  if (current?.version !== version) {
    const disk = snapshotOnDisk();
    if (disk?.version === version) {
      // The songs load in the background (the first search and the Subsonic views need them).
      void refreshSnapshot(version).catch(() => undefined);
      return disk.body;
    }
  }
  return (await refreshSnapshot(version)).body();
}

/** The snapshot of `version` (read now when not given), built when it is not the one held. */
async function refreshSnapshot(version?: string): Promise<SongListSnapshot> {
  version ??= await sharedVersionRead();
  if (current?.version === version) {
    checkedAt = Date.now();
    return current;
  }
  if (pending?.version !== version) {
    const entry = {
      version,
      promise: build(version).then((snapshot) => {
        if (pending === entry) {
          current = snapshot;
          checkedAt = Date.now();
          pending = undefined;
        }
        return snapshot;
      }),
    };
    entry.promise.catch(() => {
      if (pending === entry) pending = undefined;
    });
    pending = entry;
  }
  return pending.promise;
}

const indexes = new WeakMap<SongListSnapshot, Map<string, Song>>();

/** A snapshot's songs by id, built once per snapshot. */
export function songsByIdOf(snapshot: SongListSnapshot): Map<string, Song> {
  let byId = indexes.get(snapshot);
  if (!byId) {
    byId = new Map(snapshot.songs.map((song) => [song._id, song]));
    indexes.set(snapshot, byId);
  }
  return byId;
}

/** The current catalogue by id (a `_id: {$in}` query would scan). */
export async function songsById(): Promise<Map<string, Song>> {
  return songsByIdOf(await songListSnapshot());
}

export async function songExists(id: string): Promise<boolean> {
  return (await songsById()).has(id.toLowerCase());
}
