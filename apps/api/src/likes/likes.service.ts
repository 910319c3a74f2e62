import { CATALOGUE_MESSAGES, type Song } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import { songExists } from '../songs/songs.service.js';
import { songsById } from '../songs/songListCache.js';
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
  // From the cached catalogue: an `_id: {$in}` query is a full collection scan on FerretDB.
  const byId = await songsById();
  return ids.flatMap((id) => {
    const song = byId.get(id);
    return song ? [song] : [];
  });
}
