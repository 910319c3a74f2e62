import { gzipSync } from 'node:zlib';
import mongoose, { Schema } from 'mongoose';
import type { Song } from '@samaa/shared';
import { serialised } from '../db/engine.js';
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
const changeListeners = new Set<() => void>();

let current: SongListSnapshot | undefined;
let pending: { version: string; promise: Promise<SongListSnapshot> } | undefined;

/** Called in this process after every song write, before the shared version moves. */
export function onCatalogueChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Drops this process's snapshot and moves the version every process on the database checks. */
export async function catalogueChanged(): Promise<void> {
  current = undefined;
  pending = undefined;
  for (const listener of changeListeners) listener();
  try {
    await serialised(`catalogue-version`, () =>
      CatalogueVersionModel.updateOne({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true }),
    );
  } catch {
    // The song write itself succeeded and this process dropped its snapshot; other processes
    // catch up at the next successful bump.
  }
}

/** The current version, tagged with the database name (a wiped counter reads as "none"). */
async function readVersion(): Promise<string> {
  const doc = await CatalogueVersionModel.findById(SONGS).lean();
  return `${mongoose.connection.name}:${doc?.version ?? 'none'}`;
}

async function build(version: string): Promise<SongListSnapshot> {
  const docs = await SongModel.find().select(SONG_FIELDS).sort(NEWEST_FIRST).lean();
  const songs = docs.map(toSong);
  const json = Buffer.from(JSON.stringify({ data: songs }));
  let gzipped: Buffer | undefined;
  return {
    version,
    songs,
    json,
    etag: `W/"songs-${Buffer.from(version).toString('base64url')}-${json.length}"`,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

/** The song list, read from the database only when the version moved; concurrent callers share one rebuild. */
export async function songListSnapshot(): Promise<SongListSnapshot> {
  const version = await readVersion();
  if (current?.version === version) return current;
  if (pending?.version !== version) {
    const entry = {
      version,
      promise: build(version).then((snapshot) => {
        if (pending === entry) {
          current = snapshot;
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
