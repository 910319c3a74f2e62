import { CATALOGUE_MESSAGES, type Song } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import { songsById } from '../songs/songListCache.js';
import { LikeModel, likeId } from './like.model.js';

const DUPLICATE_KEY = 11000;

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY;
}

/**
 * Likes the song if the user does not like it yet, unlikes it otherwise. Returns the new state.
 * Every step is a lookup by `_id` (or the in-memory catalogue): no collection scan on FerretDB.
 */
export async function toggleLike(userId: string, songId: string): Promise<boolean> {
  const _id = likeId(userId, songId);
  const removed = await LikeModel.deleteOne({ _id });
  if (removed.deletedCount > 0) return false;
  if (!(await songsById()).has(songId)) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  try {
    await LikeModel.create({ _id, user: userId, song: songId });
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  // A concurrent toggle inserted the same `_id` first: the song is liked either way.
  if (await LikeModel.exists({ _id })) return true;
  // Otherwise the unique user+song index refused it: a like stored with an ObjectId `_id` by an
  // older version. This toggle removes it (the one query that scans, once per such like).
  await LikeModel.deleteMany({ user: userId, song: songId });
  return false;
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
