import { Schema } from 'mongoose';
import { defineModel } from '../../db/appData.js';

/*
 * What Subsonic apps keep per listener on the server: one document per user (`_id` = the user's
 * id) for the bookmarks, so every read is a primary-key read, and the admin-managed radio
 * stations. The play queue is the playQueue feature's (shared with the web player).
 */

const bookmarkSchema = new Schema(
  {
    song: { type: String, required: true },
    position: { type: Number, required: true },
    comment: { type: String },
    created: { type: Date, required: true },
    changed: { type: Date, required: true },
  },
  { _id: false },
);

const bookmarksSchema = new Schema(
  { _id: { type: String, required: true }, items: { type: [bookmarkSchema], default: [] } },
  { versionKey: false },
);

export const BOOKMARKS_MODEL = defineModel('Bookmarks', bookmarksSchema, 'bookmarks');

const radioStationSchema = new Schema(
  {
    name: { type: String, required: true },
    streamUrl: { type: String, required: true },
    homePageUrl: { type: String },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

export const RADIO_STATION_MODEL = defineModel('RadioStation', radioStationSchema, 'radio_stations');
