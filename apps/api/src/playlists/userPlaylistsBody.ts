import { gzipSync } from 'node:zlib';
import type { Playlist, Song } from '@samaa/shared';
import type { EncodedBody } from '../http/encodedBody.js';
import type { PlaylistRecord } from './playlists.repo.js';

/*
 * GET /api/playlists/user-playlists's body, `{ data }`, kept per listener's list (the repository
 * hands out the same array until a write patches it) and catalogue version. Each playlist's JSON
 * is kept beside its record, so after a change of one playlist the body is the kept parts joined
 * around that one playlist's new JSON: O(playlists), not O(playlists × songs). The body is made
 * synchronously from what the readers already hold, so readers that arrive together after a
 * change find the one body the first of them made.
 */

// eslint-disable-next-line no-restricted-syntax -- process-wide counter: makes each body's ETag unique within this process
let made = 0;
// eslint-disable-next-line no-restricted-syntax -- pure memo: a kept record's JSON for one catalogue map, dropped with the record
const parts = new WeakMap<PlaylistRecord, { byId: Map<string, Song>; json: string }>();
// eslint-disable-next-line no-restricted-syntax -- pure memo: a kept list's body for one catalogue map, dropped with the list
const bodies = new WeakMap<readonly PlaylistRecord[], { byId: Map<string, Song>; body: EncodedBody }>();

/** The playlist with its songs from the catalogue; songs deleted meanwhile are dropped. */
export function populated(byId: Map<string, Song>, { songIds, ...rest }: PlaylistRecord): Playlist {
  return {
    ...rest,
    songs: songIds.flatMap((id): Song[] => {
      const song = byId.get(id);
      return song ? [song] : [];
    }),
  };
}

function partOf(byId: Map<string, Song>, record: PlaylistRecord): string {
  const kept = parts.get(record);
  if (kept?.byId === byId) return kept.json;
  const json = JSON.stringify(populated(byId, record));
  parts.set(record, { byId, json });
  return json;
}

function encode(json: Buffer): EncodedBody {
  made += 1;
  let gzipped: Buffer | undefined;
  return {
    json,
    etag: `W/"pl-${process.pid.toString(36)}-${made.toString(36)}-${json.length.toString(36)}"`,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

/** Bodies made so far in this process (tests: readers that arrive together share one). */
export function userPlaylistBodiesMade(): number {
  return made;
}

export function userPlaylistsBodyOf(records: readonly PlaylistRecord[], byId: Map<string, Song>): EncodedBody {
  const kept = bodies.get(records);
  if (kept?.byId === byId) return kept.body;
  const body = encode(Buffer.from(`{"data":[${records.map((record) => partOf(byId, record)).join(',')}]}`));
  bodies.set(records, { byId, body });
  return body;
}
