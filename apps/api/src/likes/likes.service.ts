import mongoose from 'mongoose';
import { CATALOGUE_MESSAGES, type Song } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import { SONG_FIELDS, SongModel, toSong } from '../songs/song.model.js';
import { songExists } from '../songs/songs.service.js';
import { LikeModel } from './like.model.js';

const DUPLICATE_KEY = 11000;

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY;
}

/** Likes the song if the user does not like it yet, unlikes it otherwise. Returns the new state. */
export async function toggleLike(userId: string, songId: string): Promise<boolean> {
  if (!(await songExists(songId))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  const removed = await LikeModel.deleteOne({ user: userId, song: songId });
  if (removed.deletedCount > 0) return false;
  try {
    await LikeModel.create({ user: userId, song: songId });
  } catch (err) {
    // A concurrent toggle inserted it first: the song is liked either way.
    if (!isDuplicateKey(err)) throw err;
  }
  return true;
}

export async function likedSongIds(userId: string): Promise<string[]> {
  const likes = await LikeModel.find({ user: userId }).select('song').sort({ createdAt: -1 }).lean();
  return likes.map((like) => String(like.song));
}

/** The user's liked songs, most recently liked first. */
export async function likedSongs(userId: string): Promise<Song[]> {
  const ids = await likedSongIds(userId);
  if (ids.length === 0) return [];
  const docs = await SongModel.find({ _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) } })
    .select(SONG_FIELDS)
    .lean();
  const byId = new Map(docs.map((doc) => [String(doc._id), doc]));
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [toSong(doc)] : [];
  });
}
