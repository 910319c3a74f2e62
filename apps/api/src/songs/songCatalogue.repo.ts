import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import mongoose, { Schema } from 'mongoose';
import type { Song } from '@samaa/shared';
import { isSoleWriter, serialised } from '../db/engine.js';
import { SONG_FIELDS, SongModel, toSong } from './song.model.js';

/*
 * The catalogue read model: the whole song list, newest first, kept in memory and rebuilt only
 * when the catalogue version moves. Only a lookup by `_id` is indexed on the embedded engine, so
 * a full sorted scan of 10,000 songs costs most of a second there, while reading the version
 * costs one primary-key lookup. Every song write goes through songs.repo.ts, which calls
 * `catalogueChanged()` after it.
 */

const versionSchema = new Schema({ _id: String, version: { type: Number, default: 0 } }, { versionKey: false });
const CatalogueVersionModel = mongoose.model('CatalogueVersion', versionSchema, 'catalogue_versions');
const SONGS = 'songs';

/** The whole catalogue, newest first, as of one catalogue version. */
export interface SongListSnapshot {
  version: string;
  songs: Song[];
  /** The `{ data }` body of the full list, serialised once. */
  json: Buffer;
  etag: string;
  /** Gzipped `json`, made on first demand. */
  gzip(): Buffer;
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
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

let current: SongListSnapshot | undefined;
/** When `current`'s version was last confirmed. */
let checkedAt = 0;
let pending: { version: string; promise: Promise<SongListSnapshot> } | undefined;
/** Where the last snapshot is kept between runs, so a restart serves the list without a scan. */
let persistedFile: string | undefined;

/** Called in this process after every song write, once the shared version has moved. */
export function onCatalogueChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Moves the version every process on the database checks, then drops this process's snapshot
 * and tells the listeners. In that order: a rebuild started after the drop reads the new version,
 * so it never takes the snapshot kept on disk for the old one.
 */
export async function catalogueChanged(): Promise<void> {
  try {
    await serialised(`catalogue-version`, () =>
      CatalogueVersionModel.updateOne({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true }),
    );
  } catch {
    // The song write itself succeeded but the version did not move: the snapshot on disk can no
    // longer be trusted for it, and other processes catch up at the next successful bump.
    if (persistedFile) fs.rmSync(persistedFile, { force: true });
  }
  forgetCatalogueSnapshot();
  for (const listener of changeListeners) listener();
}

/** The current version, tagged with the database name (a wiped counter reads as "none"). */
async function readVersion(): Promise<string> {
  const doc = await CatalogueVersionModel.findById(SONGS).lean();
  return `${mongoose.connection.name}:${doc?.version ?? 'none'}`;
}

function snapshotOf(version: string, songs: Song[], json: Buffer): SongListSnapshot {
  let gzipped: Buffer | undefined;
  return {
    version,
    songs,
    json,
    etag: `W/"songs-${Buffer.from(version).toString('base64url')}-${json.length}"`,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

/** The snapshot kept on disk, when it is of this version. */
function readPersisted(version: string): SongListSnapshot | undefined {
  if (!persistedFile) return undefined;
  try {
    const file = fs.readFileSync(persistedFile);
    const newline = file.indexOf(10);
    if (file.subarray(0, newline).toString() !== version) return undefined;
    const json = file.subarray(newline + 1);
    return snapshotOf(version, (JSON.parse(json.toString()) as { data: Song[] }).data, json);
  } catch {
    return undefined;
  }
}

/** The snapshot being written to disk, if any: a shutdown waits for it (catalogueWritten). */
let persisting: Promise<unknown> = Promise.resolve();

function persist(snapshot: SongListSnapshot): void {
  if (!persistedFile) return;
  const file = persistedFile;
  const tmp = `${file}.${process.pid}.tmp`;
  persisting = fs.promises
    .mkdir(path.dirname(file), { recursive: true })
    .then(() => fs.promises.writeFile(tmp, Buffer.concat([Buffer.from(`${snapshot.version}\n`), snapshot.json])))
    .then(() => fs.promises.rename(tmp, file))
    .catch(() => fs.promises.rm(tmp, { force: true }));
}

/** Resolves once the last snapshot is on disk (or its write failed): the server awaits it on shutdown. */
export async function catalogueWritten(): Promise<void> {
  await persisting;
}

async function build(version: string): Promise<SongListSnapshot> {
  const kept = readPersisted(version);
  if (kept) return kept;
  const docs = await SongModel.find().select(SONG_FIELDS).sort(NEWEST_FIRST).lean();
  const songs = docs.map(toSong);
  const snapshot = snapshotOf(version, songs, Buffer.from(JSON.stringify({ data: songs })));
  persist(snapshot);
  return snapshot;
}

/** Keeps the snapshot in `file` between runs (the server's data folder). */
export function persistCatalogueIn(file: string): void {
  persistedFile = file;
}

/** Drops this process's snapshot (another process announced a change). */
export function forgetCatalogueSnapshot(): void {
  current = undefined;
  pending = undefined;
  versionRead = undefined;
}

/** The version read in flight: concurrent requests share it instead of each reading it. */
let versionRead: Promise<string> | undefined;
function sharedVersionRead(): Promise<string> {
  if (versionRead) return versionRead;
  const read = readVersion().finally(() => {
    if (versionRead === read) versionRead = undefined;
  });
  return (versionRead = read);
}

/** The song list, read from the database only when the version moved; concurrent callers share one rebuild. */
export async function songListSnapshot(): Promise<SongListSnapshot> {
  if (current && (isSoleWriter() || Date.now() - checkedAt < VERSION_CHECK_MS)) return current;
  if (current && Date.now() - checkedAt < VERSION_WAIT_MS) {
    // Read ahead: this request is served the snapshot while the version is read.
    void refreshSnapshot().catch(() => undefined);
    return current;
  }
  return refreshSnapshot();
}

async function refreshSnapshot(): Promise<SongListSnapshot> {
  const version = await sharedVersionRead();
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
