import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
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
  /** The `{ data }` body of the full list (unzipped from `gzip()` on each use: few clients lack gzip). */
  json: Buffer;
  etag: string;
  /** The full list's body gzipped: made once per snapshot, kept (the JSON itself is not). */
  gzip(): Buffer;
  /** Whether the body was made (or read from disk) already. */
  isEncoded(): boolean;
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
let persistedFile: string | undefined;

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

const versionTag = (version: number | string | undefined) => `${mongoose.connection.name}:${version ?? 'none'}`;

/**
 * Moves the version every process on the database checks, then drops this process's snapshot
 * and tells the listeners. In that order: a rebuild started after the drop reads the new version,
 * so it never takes the snapshot kept on disk for the old one. When the write says what it
 * changed and the snapshot held was the version just before the move, the snapshot is patched
 * instead (no read of the catalogue); any write between the two leaves it dropped.
 */
export async function catalogueChanged(change?: CatalogueChange): Promise<void> {
  let moved: number | undefined;
  try {
    const doc = await serialised(`catalogue-version`, () =>
      CatalogueVersionModel.findOneAndUpdate({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true, new: true }).lean(),
    );
    moved = doc?.version;
  } catch {
    // The song write itself succeeded but the version did not move: the snapshot on disk can no
    // longer be trusted for it, and other processes catch up at the next successful bump.
    if (persistedFile) fs.rmSync(persistedFile, { force: true });
  }
  const base = current;
  forgetCatalogueSnapshot();
  if (change && base && moved !== undefined && base.version === versionTag(moved - 1)) {
    current = patched(base, versionTag(moved), change);
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

/** The current version, tagged with the database name (a wiped counter reads as "none"). */
async function readVersion(): Promise<string> {
  const doc = await CatalogueVersionModel.findById(SONGS).lean();
  return versionTag(doc?.version);
}

/**
 * A snapshot whose body is made on first demand (a write patches the list; the body is encoded
 * once, when the full list is next asked for) and then kept on disk for the next start. Only the
 * gzipped body stays in memory: at 100,000 scanned songs the JSON was 40 MB beside a 4 MB gzip.
 */
function snapshotOf(version: string, songs: Song[], kept?: EncodedBody): SongListSnapshot {
  let body = kept;
  const encode = (): EncodedBody => {
    if (!body) {
      const json = Buffer.from(JSON.stringify({ data: songs }));
      body = { gzip: gzipSync(json), jsonLength: json.length };
      persist(version, body);
    }
    return body;
  };
  return {
    version,
    songs,
    get json() {
      return gunzipSync(encode().gzip);
    },
    get etag() {
      return `W/"songs-${Buffer.from(version).toString('base64url')}-${encode().jsonLength}"`;
    },
    gzip: () => encode().gzip,
    isEncoded: () => body !== undefined,
  };
}

interface EncodedBody {
  gzip: Buffer;
  /** The JSON's length, part of the ETag. */
  jsonLength: number;
}

/**
 * Artist, album and cover strings repeat across a catalogue (ten to a thousand songs each): one
 * string per distinct value instead of one per song, as a database read or JSON.parse gives them.
 */
function interned(songs: Song[]): Song[] {
  const strings = new Map<string, string>();
  const one = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  for (const song of songs) {
    song.artist = one(song.artist);
    song.img = one(song.img);
    if (song.album !== undefined) song.album = one(song.album);
    if (song.albumArtist !== undefined) song.albumArtist = one(song.albumArtist);
    if (song.genre !== undefined) song.genre = one(song.genre);
  }
  return songs;
}

/** The snapshot kept on disk, when it is of this version: `version\njsonLength\n` then the gzipped body. */
function readPersisted(version: string): SongListSnapshot | undefined {
  if (!persistedFile) return undefined;
  try {
    const file = fs.readFileSync(persistedFile);
    const first = file.indexOf(10);
    if (file.subarray(0, first).toString() !== version) return undefined;
    const second = file.indexOf(10, first + 1);
    const jsonLength = Number(file.subarray(first + 1, second).toString());
    // A copy: a slice would keep the whole file's buffer alive.
    const gzip = Buffer.from(file.subarray(second + 1));
    const songs = (JSON.parse(gunzipSync(gzip).toString()) as { data: Song[] }).data;
    return snapshotOf(version, interned(songs), { gzip, jsonLength });
  } catch {
    return undefined;
  }
}

/** The snapshot being written to disk, if any: a shutdown waits for it (catalogueWritten). */
let persisting: Promise<unknown> = Promise.resolve();

function persist(version: string, body: EncodedBody): void {
  if (!persistedFile) return;
  const file = persistedFile;
  const tmp = `${file}.${process.pid}.tmp`;
  persisting = fs.promises
    .mkdir(path.dirname(file), { recursive: true })
    .then(() => fs.promises.writeFile(tmp, Buffer.concat([Buffer.from(`${version}\n${body.jsonLength}\n`), body.gzip])))
    .then(() => fs.promises.rename(tmp, file))
    .catch(() => fs.promises.rm(tmp, { force: true }));
}

/**
 * Resolves once the last snapshot is on disk (or its write failed): the server awaits it on
 * shutdown. A snapshot patched since its body was last made is encoded now, so the next start
 * reads it instead of the whole catalogue.
 */
export async function catalogueWritten(): Promise<void> {
  if (current && !current.isEncoded()) current.gzip();
  await persisting;
}

async function build(version: string): Promise<SongListSnapshot> {
  const kept = readPersisted(version);
  if (kept) return kept;
  const docs = await SongModel.find().select(SONG_FIELDS).sort(NEWEST_FIRST).lean();
  return snapshotOf(version, interned(docs.map(toSong)));
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
