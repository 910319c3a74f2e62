import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * A song's lyrics, `_id` = the song's id: its own collection, read by primary key, so the
 * catalogue's song documents stay small. `source: 'none'` caches "none found" (or an admin's
 * removal), so the tags and the lyrics service are not asked again on every play.
 */
const cueSchema = new Schema({ start: { type: Number, required: true }, text: { type: String, required: true } }, { _id: false });
const lineSchema = new Schema(
  { start: { type: Number }, text: { type: String, default: '' }, cues: { type: [cueSchema], default: undefined } },
  { _id: false },
);

const lyricsSchema = new Schema(
  {
    _id: { type: String, required: true },
    source: { type: String, required: true, enum: ['sidecar', 'upload', 'tags', 'lrclib', 'none'] },
    synced: { type: Boolean, default: false },
    lines: { type: [lineSchema], default: [] },
    lang: { type: String },
    /** Set on a 'none' an admin chose: no source fills it again until an admin uploads. */
    removed: { type: Boolean },
    checkedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const LYRICS_MODEL = defineModel('Lyrics', lyricsSchema, 'lyrics');
