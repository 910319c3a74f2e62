import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Playlist, Song } from '@samaa/shared';
import type { EncodedBody } from '../http/encodedBody.js';
import type { PlaylistRecord } from './playlists.repo.js';
import type { SongsById } from '../songs/songsById.js';

/*
 * GET /api/playlists/user-playlists's body, `{ data }`, kept per listener's list (the repository
 * hands out the same array until a write patches it) and catalogue version. Each playlist's JSON
 * is kept beside its record, so after a change of one playlist the body is the kept parts joined
 * around that one playlist's new JSON: O(playlists), not O(playlists × songs). The body is made
 * synchronously from what the readers already hold, so readers that arrive together after a
 * change find the one body the first of them made.
 */

/** The playlist with its songs from the catalogue; songs deleted meanwhile are dropped. */
export function populated(byId: SongsById, { songIds, ...rest }: PlaylistRecord): Playlist {
  return {
    ...rest,
    songs: songIds.flatMap((id): Song[] => {
      const song = byId.get(id);
      return song ? [song] : [];
    }),
  };
}

/**
 * The bodies one app made: each kept list's body and each kept record's JSON, for one catalogue
 * map (dropped with the list or record), and a count that makes each body's ETag unique.
 */
export class UserPlaylistBodies {
  private made = 0;
  /** Tells this app's ETags from another's in the same process. */
  private readonly tag = randomBytes(3).toString('hex');
  private readonly parts = new WeakMap<PlaylistRecord, { byId: SongsById; json: string }>();
  private readonly bodies = new WeakMap<readonly PlaylistRecord[], { byId: SongsById; body: EncodedBody }>();

  /** Bodies made so far (tests: readers that arrive together share one). */
  get count(): number {
    return this.made;
  }

  bodyOf(records: readonly PlaylistRecord[], byId: SongsById): EncodedBody {
    const kept = this.bodies.get(records);
    if (kept?.byId === byId) return kept.body;
    const body = this.encode(Buffer.from(`{"data":[${records.map((record) => this.partOf(byId, record)).join(',')}]}`));
    this.bodies.set(records, { byId, body });
    return body;
  }

  private partOf(byId: SongsById, record: PlaylistRecord): string {
    const kept = this.parts.get(record);
    if (kept?.byId === byId) return kept.json;
    const json = JSON.stringify(populated(byId, record));
    this.parts.set(record, { byId, json });
    return json;
  }

  private encode(json: Buffer): EncodedBody {
    this.made += 1;
    let gzipped: Buffer | undefined;
    return {
      json,
      etag: `W/"pl-${process.pid.toString(36)}-${this.tag}-${this.made.toString(36)}-${json.length.toString(36)}"`,
      gzip: () => (gzipped ??= gzipSync(json)),
    };
  }
}
