import type { UpdateQuery } from 'mongoose';
import { SONG_OPTIONAL_FIELDS, type Song, type SongInput } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import { catalogueChanged } from './songCatalogue.repo.js';
import { SongModel, toSong } from './song.model.js';

/** Song writes. Each one moves the catalogue version, so every cached list refreshes. */

export async function insertSong(input: SongInput): Promise<Song> {
  const doc = await SongModel.create(input);
  await catalogueChanged();
  return toSong(doc);
}

/** Bulk insert for the seed, the demo catalogue and tests; returns the new ids in input order. */
export async function insertSongs(inputs: readonly (SongInput & { createdAt?: Date; updatedAt?: Date })[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  // Not lean: timestamps and casting apply as for any other write.
  const docs = await SongModel.insertMany(inputs);
  await catalogueChanged();
  return docs.map((doc) => String(doc._id));
}

/**
 * Replaces a song's fields (a PUT: optional fields the input leaves out are removed). Concurrent
 * replacements of one song apply one after the other, so the last one wins whole.
 */
export async function replaceSong(id: string, input: SongInput): Promise<Song | null> {
  const update: UpdateQuery<SongInput> = { $set: input };
  const unset = SONG_OPTIONAL_FIELDS.filter((field) => input[field] === undefined);
  if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, 1]));
  const doc = await serialised(`song:${id}`, () =>
    SongModel.findByIdAndUpdate(id, update, { new: true, runValidators: true }).lean(),
  );
  if (!doc) return null;
  await catalogueChanged();
  return toSong(doc);
}

export async function deleteSongById(id: string): Promise<boolean> {
  const { deletedCount } = await SongModel.deleteOne({ _id: id });
  if (deletedCount === 0) return false;
  await catalogueChanged();
  return true;
}

export function countSongs(): Promise<number> {
  return SongModel.countDocuments();
}

/** Whether the catalogue is empty: one document read, where a count scans on the embedded engine. */
export async function hasNoSongs(): Promise<boolean> {
  return (await SongModel.findOne().select('_id').lean()) === null;
}

/** Empties the catalogue (seed --reset). Callers cascade into playlists and likes. */
export async function deleteAllSongs(): Promise<void> {
  await SongModel.deleteMany({});
  await catalogueChanged();
}
