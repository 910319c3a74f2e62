import mongoose, { Schema } from 'mongoose';

/**
 * One document per listener: `_id` is the user's id, `playlists` their playlist ids in creation
 * order. Listing a user's playlists is then primary-key reads only — the one kind of filter
 * FerretDB's SQLite backend answers from an index (`{user}` scans the whole playlists collection).
 * Kept up to date by playlists.repo.ts; it may hold a dangling id, which reads skip and prune.
 */
const userPlaylistsSchema = new Schema(
  {
    _id: { type: String, required: true },
    playlists: [{ type: Schema.Types.ObjectId, ref: 'Playlist' }],
  },
  { versionKey: false },
);

export const UserPlaylistsModel = mongoose.model('UserPlaylists', userPlaylistsSchema, 'user_playlists');
