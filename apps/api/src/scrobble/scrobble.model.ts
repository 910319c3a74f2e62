import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/*
 * Three collections, every read by `_id` (the embedded engine indexes nothing else):
 * - scrobble_connections: `_id` = the user's id; each connected service's sealed secret and name.
 * - scrobble_queues: `_id` = `<userId>:<service>`; the listens waiting for that service, oldest first.
 * - scrobble_pending: one document (`_id` = 'pending') listing the queues that have work, so the
 *   sender never scans the queues.
 */

const linkSchema = new Schema(
  {
    /** The ListenBrainz user token or the Last.fm session key, sealed (apiKeys/keySeal.ts). */
    sealed: { type: String, required: true },
    userName: { type: String, required: true },
    connectedAt: { type: Date, required: true },
    needsReconnect: { type: Boolean, default: false },
  },
  { _id: false },
);

const connectionSchema = new Schema(
  {
    _id: { type: String, required: true },
    listenbrainz: { type: linkSchema },
    lastfm: { type: linkSchema },
  },
  { versionKey: false },
);

const listenSchema = new Schema(
  {
    /** Names the listen in this queue, so a sent batch is removed by id. */
    id: { type: String, required: true },
    artist: { type: String, required: true },
    track: { type: String, required: true },
    album: { type: String },
    durationMs: { type: Number },
    /** Unix seconds when the listen started: what both services deduplicate by. */
    listenedAt: { type: Number, required: true },
    player: { type: String },
  },
  { _id: false },
);

const queueSchema = new Schema(
  {
    _id: { type: String, required: true },
    listens: { type: [listenSchema], default: [] },
  },
  { versionKey: false },
);

const pendingSchema = new Schema(
  {
    _id: { type: String, required: true },
    keys: { type: [String], default: [] },
  },
  { versionKey: false },
);

export const SCROBBLE_CONNECTION_MODEL = defineModel('ScrobbleConnection', connectionSchema, 'scrobble_connections');
export const SCROBBLE_QUEUE_MODEL = defineModel('ScrobbleQueue', queueSchema, 'scrobble_queues');
export const SCROBBLE_PENDING_MODEL = defineModel('ScrobblePending', pendingSchema, 'scrobble_pending');
