import mongoose from 'mongoose';
import { CATALOGUE_MESSAGES, SONG_OPTIONAL_FIELDS, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import { LikeModel } from '../likes/like.model.js';
import { PlaylistModel } from '../playlists/playlist.model.js';
import { SongModel, toSong } from './song.model.js';

export interface Page {
  limit: number;
  page: number;
}

/** One page of a list. */
export function pageOf<T>(items: readonly T[], { limit, page }: Page): T[] {
  return items.slice((page - 1) * limit, page * limit);
}

export async function createSong(input: SongInput): Promise<Song> {
  const doc = await SongModel.create(input);
  return toSong(doc);
}

export async function updateSong(id: string, input: SongInput): Promise<Song> {
  const update: mongoose.UpdateQuery<SongInput> = { $set: input };
  // A PUT replaces the song: an optional field the new body leaves out no longer applies.
  const unset = SONG_OPTIONAL_FIELDS.filter((field) => input[field] === undefined);
  if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, 1]));
  const doc = await SongModel.findByIdAndUpdate(id, update, { new: true, runValidators: true }).lean();
  if (!doc) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return toSong(doc);
}

/** Deletes a song and every reference to it: playlist entries and likes. */
export async function deleteSong(id: string): Promise<void> {
  const doc = await SongModel.findByIdAndDelete(id).lean();
  if (!doc) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  const songId = new mongoose.Types.ObjectId(id);
  await Promise.all([
    PlaylistModel.updateMany({ songs: songId }, { $pull: { songs: songId } }),
    LikeModel.deleteMany({ song: songId }),
  ]);
}

export async function songExists(id: string): Promise<boolean> {
  return (await SongModel.exists({ _id: id })) !== null;
}
