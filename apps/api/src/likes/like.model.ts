import mongoose, { Schema } from 'mongoose';

/**
 * The primary key of the like of `songId` by `userId`. Toggling a like is then a lookup by `_id`,
 * the only filter FerretDB's SQLite backend answers from an index (a `{user, song}` filter scans
 * the whole collection there).
 */
export function likeId(userId: string, songId: string): string {
  return `${userId.toLowerCase()}:${songId.toLowerCase()}`;
}

/**
 * One row per (user, song) like; its createdAt orders "most recently liked first". `_id` is
 * `likeId(user, song)`, filled in when not given. Likes stored by older versions keep their
 * ObjectId `_id`; the unique user+song index keeps them from being liked twice (see toggleLike).
 */
const likeSchema = new Schema(
  {
    _id: {
      type: String,
      default(this: { user?: unknown; song?: unknown }) {
        return this.user && this.song ? likeId(String(this.user), String(this.song)) : undefined;
      },
    },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    song: { type: Schema.Types.ObjectId, ref: 'Song', required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
likeSchema.index({ user: 1, song: 1 }, { unique: true });
likeSchema.index({ user: 1, createdAt: -1 });
likeSchema.index({ song: 1 });

export const LikeModel = mongoose.model('Like', likeSchema);
