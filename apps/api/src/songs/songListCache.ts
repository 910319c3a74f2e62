import { gzipSync } from 'node:zlib';
import type { Song } from '@samaa/shared';
import { onSongsWritten, readSongsVersion } from './catalogueVersion.js';
import { SONG_FIELDS, SongModel, toSong } from './song.model.js';

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

let current: SongListSnapshot | undefined;
let pending: { version: string; promise: Promise<SongListSnapshot> } | undefined;

onSongsWritten(() => {
  current = undefined;
  pending = undefined;
});

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

/**
 * The song list, read from the database only when the catalogue version moved. Full scans of
 * 10,000 songs cost hundreds of milliseconds on FerretDB, and sorting cannot use the index there;
 * one check of the version costs one tiny lookup. Concurrent requests share one rebuild.
 */
export async function songListSnapshot(): Promise<SongListSnapshot> {
  const version = await readSongsVersion();
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

/**
 * The current catalogue by id, built once per snapshot. Playlists and liked songs take their
 * songs from here: a populate or `_id: {$in}` query is a full collection scan on FerretDB.
 */
export async function songsById(): Promise<Map<string, Song>> {
  const snapshot = await songListSnapshot();
  let byId = indexes.get(snapshot);
  if (!byId) {
    byId = new Map(snapshot.songs.map((song) => [song._id, song]));
    indexes.set(snapshot, byId);
  }
  return byId;
}
