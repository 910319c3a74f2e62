import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/*
 * The listener's play queue, one document per user (`_id` = the user's id), so every read and
 * write is a primary-key one. Subsonic apps and the web player read and write the same one.
 */

const playQueueSchema = new Schema(
  {
    _id: { type: String, required: true },
    songs: { type: [String], default: [] },
    /** Index into songs of the song playing. */
    current: { type: Number },
    /** Milliseconds into it. */
    position: { type: Number, default: 0 },
    changed: { type: Date, required: true },
    /** The app that saved it (`c`). */
    changedBy: { type: String, default: '' },
  },
  { versionKey: false },
);

export const PLAY_QUEUE_MODEL = defineModel('PlayQueue', playQueueSchema, 'play_queues');
