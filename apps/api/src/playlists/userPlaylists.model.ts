import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * One document per listener: `_id` is the user's id, `ids` their playlist ids in creation order,
 * packed 12 bytes each, and `rev` a revision that every change replaces (userPlaylists.repo.ts).
 * Listing a user's playlists is then primary-key reads only — the one kind of filter FerretDB's
 * SQLite backend answers from an index (`{user}` scans the whole playlists collection).
 * `playlists`, an array of ids, is how earlier builds kept the list: it is read, and replaced by
 * `ids` on the list's first change.
 */
const userPlaylistsSchema = new Schema(
  {
    _id: { type: String, required: true },
    ids: { type: Buffer },
    rev: { type: String },
    playlists: [{ type: Schema.Types.ObjectId, ref: 'Playlist' }],
  },
  { versionKey: false },
);

/** Resolved by each app on its own connection (`ctx.data.model(USER_PLAYLISTS_MODEL)`). */
export const USER_PLAYLISTS_MODEL = defineModel('UserPlaylists', userPlaylistsSchema, 'user_playlists');
