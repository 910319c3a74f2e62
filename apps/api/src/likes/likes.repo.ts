import { isDuplicateKey } from '../db/dataErrors.js';
import { serialised } from '../db/engine.js';
import { groupInserts, KeyedGroupCommit } from '../db/groupCommit.js';
import { LikeModel, likeId } from './like.model.js';

/** Likes that arrive while others are being stored go together, as one insert (db/groupCommit.ts). */
const likeInserts = groupInserts<InstanceType<typeof LikeModel>>(LikeModel);

/** Likes the song; false when it was liked already. */
export async function insertLike(userId: string, songId: string): Promise<boolean> {
  try {
    await likeInserts.write(new LikeModel({ _id: likeId(userId, songId), user: userId, song: songId }));
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Unlikes the song; false when it was not liked. */
export async function deleteLike(userId: string, songId: string): Promise<boolean> {
  const { deletedCount } = await LikeModel.deleteOne({ _id: likeId(userId, songId) });
  return deletedCount > 0;
}

/** One toggle as the engine sees it: insert first when the song may be liked, delete on a duplicate. */
async function toggleOnce(userId: string, songId: string, mayLike: boolean): Promise<boolean | undefined> {
  if (mayLike && (await insertLike(userId, songId))) return true;
  if (await deleteLike(userId, songId)) return false;
  // Liked a moment ago and unliked by another process since: unliked, as this toggle wanted.
  return mayLike ? false : undefined;
}

/**
 * Toggles of one (user, song) that arrive while one is being stored go together: the first is
 * applied to the stored like (telling its state), the others are applied in memory one after
 * the other, and only the end state is written, when it differs. n concurrent toggles end as n
 * sequential ones, each answered with its own state, for at most three engine calls a round.
 */
const toggles = new KeyedGroupCommit<{ userId: string; songId: string; mayLike: boolean }, boolean | undefined>((key, inputs) =>
  serialised(`like:${key}`, async () => {
    const [first, ...rest] = inputs;
    const stored = await toggleOnce(first!.userId, first!.songId, first!.mayLike);
    const outcomes: (boolean | undefined)[] = [stored];
    let liked = stored === true;
    for (const { mayLike } of rest) {
      if (liked || mayLike) {
        liked = !liked;
        outcomes.push(liked);
      } else outcomes.push(undefined);
    }
    if (liked !== (stored === true)) {
      if (liked) await insertLike(first!.userId, first!.songId);
      else await deleteLike(first!.userId, first!.songId);
    }
    return outcomes;
  }),
);

/**
 * Toggles the like: returns the new state, or undefined when the song was not liked and may not
 * be (`mayLike` false: the song does not exist). Toggles of one (user, song) apply one after the
 * other, so n concurrent toggles end as n sequential ones. A song that may be liked is inserted
 * first: a like is then one engine call, and a duplicate key means it was liked, so it goes.
 */
export function toggleLikeOf(userId: string, songId: string, mayLike: boolean): Promise<boolean | undefined> {
  return toggles.write(likeId(userId, songId), { userId, songId, mayLike });
}

/** The user's liked song ids, most recently liked first. */
export async function likedSongIdsOf(userId: string): Promise<string[]> {
  const likes = await LikeModel.find({ user: userId }).select('song').sort({ createdAt: -1, _id: -1 }).lean();
  return likes.map((like) => String(like.song));
}

/** The user's likes with when each was made, most recent first. */
export async function likeTimesOf(userId: string): Promise<{ songId: string; likedAt: Date }[]> {
  const likes = await LikeModel.find({ user: userId }).select('song createdAt').sort({ createdAt: -1, _id: -1 }).lean();
  return likes.map((like) => ({ songId: String(like.song), likedAt: like.createdAt ?? new Date(0) }));
}

export async function deleteLikesOfUser(userId: string): Promise<void> {
  await LikeModel.deleteMany({ user: userId });
}

export async function deleteLikesOfSong(songId: string): Promise<void> {
  await LikeModel.deleteMany({ song: songId });
}

export function countLikes(): Promise<number> {
  return LikeModel.countDocuments();
}

/** Songs by number of likes, most first. */
export async function mostLikedSongs(limit: number): Promise<{ songId: string; likes: number }[]> {
  const rows = await LikeModel.aggregate<{ _id: unknown; likes: number }>([
    { $group: { _id: '$song', likes: { $sum: 1 } } },
    { $sort: { likes: -1, _id: 1 } },
    { $limit: limit },
  ]);
  return rows.map((row) => ({ songId: String(row._id), likes: row.likes }));
}
