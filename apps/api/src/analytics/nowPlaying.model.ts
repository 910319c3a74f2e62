import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * What each listener is playing, one document per (user, player): `_id` = `userId:player`, so
 * a notice is one whole-document write by primary key. Old entries are dropped when read.
 */
const nowPlayingSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: String, required: true },
    player: { type: String, required: true },
    song: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const NOW_PLAYING_MODEL = defineModel('NowPlaying', nowPlayingSchema, 'now_playing');
