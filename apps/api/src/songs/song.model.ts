import type mongoose from 'mongoose';
import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '../db/appData.js';
import { SONG_OPTIONAL_FIELDS, type Song } from '@samaa/shared';

const songSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    artist: { type: String, required: true, trim: true, maxlength: 100 },
    /** Image URL or media store path. */
    img: { type: String, required: true },
    /** Audio URL or media store path. */
    song: { type: String, required: true },
    /** Seconds, when read from the uploaded audio. */
    duration: { type: Number, min: 0 },
    album: { type: String, trim: true, maxlength: 200 },
    albumArtist: { type: String, trim: true, maxlength: 100 },
    trackNumber: { type: Number, min: 1 },
    discNumber: { type: Number, min: 1 },
    year: { type: Number, min: 1 },
    genre: { type: String, trim: true, maxlength: 100 },
    encoderDelay: { type: Number, min: 0 },
    encoderPadding: { type: Number, min: 0 },
    sampleRate: { type: Number, min: 0 },
    replayGainTrackGain: { type: Number },
    replayGainTrackPeak: { type: Number, min: 0 },
    isrc: { type: String, trim: true, uppercase: true, maxlength: 12 },
    /** Music folder songs: the id of their file's entry (libraries feature); absent for uploads. */
    scanFile: { type: String },
    /** Fields an admin edited on a scanned song: a rescan leaves them alone. */
    edited: { type: [String], default: undefined },
  },
  { timestamps: true },
);
songSchema.index({ createdAt: -1, _id: -1 });

export type SongDoc = InferSchemaType<typeof songSchema> & { _id: mongoose.Types.ObjectId };

/** The songs: each app resolves it on its own connection (`ctx.data.model(SONG_MODEL)`). */
export const SONG_MODEL = defineModel('Song', songSchema);

/** Fields every song response carries (projection for lean queries). */
export const SONG_FIELDS = ['_id name artist img song', ...SONG_OPTIONAL_FIELDS].join(' ');

type StoredSong = Pick<SongDoc, '_id' | 'name' | 'artist' | 'img' | 'song'> & {
  [K in (typeof SONG_OPTIONAL_FIELDS)[number]]?: Song[K] | null;
};

export function toSong(doc: StoredSong): Song {
  const out: Song = { _id: String(doc._id), name: doc.name, artist: doc.artist, img: doc.img, song: doc.song };
  for (const field of SONG_OPTIONAL_FIELDS) {
    const value = doc[field];
    if (value !== undefined && value !== null && value !== '') (out as unknown as Record<string, unknown>)[field] = value;
  }
  return out;
}
