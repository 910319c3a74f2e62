import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

const playlistSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 50 },
    desc: { type: String, default: '', trim: true, maxlength: 300 },
    img: { type: String, default: '' },
    /** Song ids in play order; never duplicated. */
    songs: [{ type: Schema.Types.ObjectId, ref: 'Song' }],
    /** JioSaavn songs an import kept, each with its place among all entries (`at`). */
    saavnTracks: {
      type: [
        new Schema(
          {
            at: { type: Number, required: true },
            saavnId: { type: String, required: true },
            name: { type: String, required: true },
            artist: { type: String, default: '' },
            img: { type: String, default: '' },
            src: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    /** Made by an import (it has an import review); absent for hand-made playlists. */
    imported: { type: Boolean, default: undefined },
    /** Owner: always the token's user. */
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true },
);
playlistSchema.index({ user: 1, createdAt: -1 });
playlistSchema.index({ songs: 1 });

/** The playlists: each app resolves it on its own connection (`ctx.data.model(PLAYLIST_MODEL)`). */
export const PLAYLIST_MODEL = defineModel('Playlist', playlistSchema);
