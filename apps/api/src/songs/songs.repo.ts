import type { UpdateQuery } from 'mongoose';
import { SONG_OPTIONAL_FIELDS, type Song, type SongInput } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { SONG_MODEL, toSong } from './song.model.js';

const songModel = (data: AppData) => data.model(SONG_MODEL);

/**
 * Song writes, on the app's data. Each returns what it wrote: the songs service hands that to the catalogue
 * (`catalogue.apply`), which moves the version and patches what this process keeps.
 */

export async function insertSong(data: AppData, input: SongInput): Promise<Song> {
  const doc = await songModel(data).create(input);
  return toSong(doc);
}

export type NewSong = SongInput & { createdAt?: Date; updatedAt?: Date; scanFile?: string };

/** Bulk insert for the seed, the demo catalogue, the scanner and tests; the new songs, newest first. */
export async function insertSongs(data: AppData, inputs: readonly NewSong[]): Promise<{ ids: string[]; newestFirst: Song[] }> {
  if (inputs.length === 0) return { ids: [], newestFirst: [] };
  // Not lean: timestamps and casting apply as for any other write.
  const docs = await songModel(data).insertMany(inputs);
  const newestFirst = [...docs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) < String(a._id) ? -1 : 1));
  return { ids: docs.map((doc) => String(doc._id)), newestFirst: newestFirst.map((doc) => toSong(doc)) };
}

/**
 * Replaces a song's fields (a PUT: optional fields the input leaves out are removed). Concurrent
 * replacements of one song apply one after the other, so the last one wins whole.
 */
export async function replaceSong(data: AppData, id: string, input: SongInput): Promise<Song | null> {
  const update: UpdateQuery<SongInput> = { $set: input };
  const unset = SONG_OPTIONAL_FIELDS.filter((field) => input[field] === undefined);
  if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, 1]));
  const doc = await serialised(`${data.name}:song:${id}`, () =>
    songModel(data).findByIdAndUpdate(id, update, { new: true, runValidators: true }).lean(),
  );
  return doc ? toSong(doc) : null;
}

export async function deleteSongById(data: AppData, id: string): Promise<boolean> {
  const { deletedCount } = await songModel(data).deleteOne({ _id: id });
  return deletedCount > 0;
}

export function countSongs(data: AppData): Promise<number> {
  return songModel(data).countDocuments();
}

/** Whether the catalogue is empty: one document read, where a count scans on the embedded engine. */
export async function hasNoSongs(data: AppData): Promise<boolean> {
  return (await songModel(data).findOne().select('_id').lean()) === null;
}

/** What a music folder scan fills from the tags, and what an admin's edit of such a song keeps. */
export const SCANNED_FIELDS = ['name', 'artist', 'img', 'album', 'albumArtist', 'trackNumber', 'discNumber', 'year'] as const;

/** Records the fields an admin changed on a scanned song (nothing for uploaded songs). */
export async function markEdited(data: AppData, id: string, before: Song, after: SongInput): Promise<void> {
  const changed = SCANNED_FIELDS.filter((field) => (before[field] ?? '') !== (after[field] ?? ''));
  if (changed.length === 0) return;
  await serialised(`${data.name}:song:${id}`, () =>
    songModel(data).updateOne({ _id: id, scanFile: { $exists: true } }, { $addToSet: { edited: { $each: changed } } }),
  );
}

/**
 * A rescan's new values for a scanned song, except the fields an admin edited. Optional fields
 * the file no longer has are removed. One batch of files at a time; false for each song that is
 * gone, and the songs as they now are.
 */
export async function refreshScannedSongs(data: AppData, songs: readonly { id: string; input: SongInput }[]): Promise<{ updated: boolean[]; replaced: Song[] }> {
  const replaced: Song[] = [];
  const updated: boolean[] = [];
  for (const { id, input } of songs) {
    const doc = await refreshUnedited(data, id, input);
    if (doc) replaced.push(toSong(doc));
    updated.push(doc !== undefined && doc !== null);
  }
  return { updated, replaced };
}

function refreshUnedited(data: AppData, id: string, fresh: SongInput) {
  return serialised(`${data.name}:song:${id}`, async () => {
    const doc = await songModel(data).findById(id).select('edited').lean();
    if (!doc) return undefined;
    const edited = new Set<string>(doc.edited ?? []);
    const set = Object.fromEntries(Object.entries(fresh).filter(([field]) => !edited.has(field)));
    const unset = SONG_OPTIONAL_FIELDS.filter((field) => fresh[field] === undefined && !edited.has(field));
    const update: UpdateQuery<SongInput> = { $set: set };
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, 1]));
    // No projection: with one, this findAndModify failed on the embedded engine (scanner tests).
    return songModel(data).findByIdAndUpdate(id, update, { new: true }).lean();
  });
}

/** A scanned song whose file moved: its new address and file entry. */
export async function moveScannedSong(data: AppData, id: string, url: string, scanFile: string): Promise<Song | null> {
  const moved = await serialised(`${data.name}:song:${id}`, () =>
    songModel(data).findByIdAndUpdate(id, { $set: { song: url, scanFile } }, { new: true }).lean(),
  );
  return moved ? toSong(moved) : null;
}
