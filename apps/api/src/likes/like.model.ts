import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/** The primary key of the like of `songId` by `userId`. */
export function likeId(userId: string, songId: string): string {
  return `${userId.toLowerCase()}:${songId.toLowerCase()}`;
}

/**
 * One document per (user, song) like, `_id` = likeId(user, song), so liking and unliking are a
 * single insert or delete by primary key. Its createdAt orders "most recently liked first".
 */
const likeSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    song: { type: Schema.Types.ObjectId, ref: 'Song', required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
likeSchema.index({ user: 1, createdAt: -1 });
likeSchema.index({ song: 1 });

export const LIKE_MODEL = defineModel('Like', likeSchema);
