import mongoose, { Schema } from 'mongoose';

/** One row per (user, song) like; its createdAt orders "most recently liked first". */
const likeSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    song: { type: Schema.Types.ObjectId, ref: 'Song', required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
likeSchema.index({ user: 1, song: 1 }, { unique: true });
likeSchema.index({ user: 1, createdAt: -1 });
likeSchema.index({ song: 1 });

export const LikeModel = mongoose.model('Like', likeSchema);
