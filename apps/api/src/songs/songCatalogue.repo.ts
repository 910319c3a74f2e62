import mongoose, { Schema } from 'mongoose';
import type { Song } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import { SONG_FIELDS, SongModel, toSong } from './song.model.js';

/*
 * The catalogue's data access: the version every process checks before trusting its in-memory
 * catalogue (catalogue.ts), and the whole-catalogue read it falls back on. Only a lookup by
 * `_id` is indexed on the embedded engine, so reading the version costs one primary-key lookup
 * where a full sorted scan of 10,000 songs costs most of a second.
 */

const versionSchema = new Schema({ _id: String, version: { type: Number, default: 0 } }, { versionKey: false });
const CatalogueVersionModel = mongoose.model('CatalogueVersion', versionSchema, 'catalogue_versions');
const SONGS = 'songs';
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** A version tagged with the database name (a wiped counter reads as "none"). */
export const catalogueVersionTag = (version: number | string | undefined) => `${mongoose.connection.name}:${version ?? 'none'}`;

/**
 * Moves the version every process on the database checks; resolves to the new tag and the one
 * just before it (undefined if the engine answered no document).
 */
export async function bumpCatalogueVersion(): Promise<{ version: string; previous: string } | undefined> {
  const doc = await serialised(`catalogue-version`, () =>
    CatalogueVersionModel.findOneAndUpdate({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true, new: true }).lean(),
  );
  const moved = doc?.version;
  return moved === undefined ? undefined : { version: catalogueVersionTag(moved), previous: catalogueVersionTag(moved - 1) };
}

/** The current version's tag. */
export async function readCatalogueVersion(): Promise<string> {
  const doc = await CatalogueVersionModel.findById(SONGS).lean();
  return catalogueVersionTag(doc?.version);
}

/** Every song, newest first (a whole-collection scan on the embedded engine). */
export async function readWholeCatalogue(): Promise<Song[]> {
  const docs = await SongModel.find().select(SONG_FIELDS).sort(NEWEST_FIRST).lean();
  return docs.map(toSong);
}
