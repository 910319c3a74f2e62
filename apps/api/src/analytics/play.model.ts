import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/** One document per play a Subsonic client scrobbled: inserts only, safe on every engine. */
const playSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    song: { type: Schema.Types.ObjectId, ref: 'Song', required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
playSchema.index({ song: 1 });
playSchema.index({ user: 1 });

export const PLAY_MODEL = defineModel('Play', playSchema, 'plays');
