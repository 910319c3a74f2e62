import { LRUCache } from 'lru-cache';
import { isDuplicateKey } from '../db/dataErrors.js';
import { isSoleWriter, serialised } from '../db/engine.js';
import { groupInserts, KeyedGroupCommit } from '../db/groupCommit.js';
import { defineKept, type AppData } from '../db/appData.js';
import { LIKE_MODEL, likeId } from './like.model.js';

const likeModel = (data: AppData) => data.model(LIKE_MODEL);

/**
 * Each like's state as this app's toggles last stored it, so the next round of toggles of that
 * like need not probe the engine for it. Trusted only while this process is the sole writer
 * (isSoleWriter) and no other like write ran meanwhile: every write outside the toggles (a star,
 * an unstar, a cascade) drops all of it before it starts and again once it is stored, and a round
 * that overlapped one keeps nothing.
 */
class KnownLikes {
  private readonly states = new LRUCache<string, boolean>({ max: 10_000 });
  /** Writes outside the toggles begun or ended so far. */
  epoch = 0;

  get(key: string): boolean | undefined {
    return isSoleWriter() ? this.states.get(key) : undefined;
  }

  /** After a round begun at `epoch`: its end state, unless another write came meanwhile. */
  settle(key: string, liked: boolean | undefined, epoch: number): void {
    if (liked === undefined || epoch !== this.epoch) this.states.delete(key);
    else this.states.set(key, liked);
  }

  async around<T>(write: () => Promise<T>): Promise<T> {
    this.forgetAll();
    try {
      return await write();
    } finally {
      this.forgetAll();
    }
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.states.clear();
  }
}

/** The app's like writes in flight, grouped (db/groupCommit.ts). */
const LIKE_WRITES = defineKept('likeWrites', (data) => {
  const known = new KnownLikes();
  return {
    /** Likes that arrive while others are being stored go together, as one insert. */
    inserts: groupInserts<InstanceType<ReturnType<typeof likeModel>>>(likeModel(data)),
    known,
    toggles: toggleCommits(data, known),
  };
});

async function storeLike(data: AppData, userId: string, songId: string): Promise<boolean> {
  const Like = likeModel(data);
  try {
    await data.kept(LIKE_WRITES).inserts.write(new Like({ _id: likeId(userId, songId), user: userId, song: songId }));
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

async function dropLike(data: AppData, userId: string, songId: string): Promise<boolean> {
  const { deletedCount } = await likeModel(data).deleteOne({ _id: likeId(userId, songId) });
  return deletedCount > 0;
}

/** Likes the song; false when it was liked already. */
export function insertLike(data: AppData, userId: string, songId: string): Promise<boolean> {
  return data.kept(LIKE_WRITES).known.around(() => storeLike(data, userId, songId));
}

/** Unlikes the song; false when it was not liked. */
export function deleteLike(data: AppData, userId: string, songId: string): Promise<boolean> {
  return data.kept(LIKE_WRITES).known.around(() => dropLike(data, userId, songId));
}

/** One toggle as the engine sees it: insert first when the song may be liked, delete on a duplicate. */
async function toggleOnce(data: AppData, userId: string, songId: string, mayLike: boolean): Promise<boolean | undefined> {
  if (mayLike && (await storeLike(data, userId, songId))) return true;
  if (await dropLike(data, userId, songId)) return false;
  // Liked a moment ago and unliked by another process since: unliked, as this toggle wanted.
  return mayLike ? false : undefined;
}

type Toggle = { userId: string; songId: string; mayLike: boolean };

/** Toggles applied in memory, one after the other, from `liked`: each one's answer, and the end state. */
function applyToggles(liked: boolean, toggles: readonly Toggle[]): { outcomes: (boolean | undefined)[]; liked: boolean } {
  const outcomes: (boolean | undefined)[] = [];
  for (const { mayLike } of toggles) {
    if (liked || mayLike) {
      liked = !liked;
      outcomes.push(liked);
    } else outcomes.push(undefined);
  }
  return { outcomes, liked };
}

/**
 * Toggles of one (user, song) that arrive while one is being stored go together: they are applied
 * in memory one after the other to the like's state, and only the end state is written, when it
 * differs. The state is the one the last round stored when that is known (KnownLikes): then a
 * round is at most one engine call. Otherwise the first toggle is applied to the stored like
 * (telling its state): at most three calls. n concurrent toggles end as n sequential ones, each
 * answered with its own state.
 */
function toggleCommits(data: AppData, known: KnownLikes) {
  return new KeyedGroupCommit<Toggle, boolean | undefined>((key, inputs) =>
    serialised(`${data.name}:like:${key}`, async () => {
      const epoch = known.epoch;
      const [first, ...rest] = inputs;
      let end: boolean | undefined;
      try {
        const before = known.get(key);
        let stored: boolean;
        let outcomes: (boolean | undefined)[];
        if (before === undefined) {
          const probed = await toggleOnce(data, first!.userId, first!.songId, first!.mayLike);
          stored = probed === true;
          const after = applyToggles(stored, rest);
          outcomes = [probed, ...after.outcomes];
          end = after.liked;
        } else {
          stored = before;
          ({ outcomes, liked: end } = applyToggles(before, inputs));
        }
        if (end !== stored) {
          if (end) await storeLike(data, first!.userId, first!.songId);
          else await dropLike(data, first!.userId, first!.songId);
        }
        return outcomes;
      } catch (err) {
        end = undefined;
        throw err;
      } finally {
        known.settle(key, end, epoch);
      }
    }),
  );
}

/**
 * Toggles the like: returns the new state, or undefined when the song was not liked and may not
 * be (`mayLike` false: the song does not exist). Toggles of one (user, song) apply one after the
 * other, so n concurrent toggles end as n sequential ones. A song that may be liked is inserted
 * first: a like is then one engine call, and a duplicate key means it was liked, so it goes.
 */
export function toggleLikeOf(data: AppData, userId: string, songId: string, mayLike: boolean): Promise<boolean | undefined> {
  return data.kept(LIKE_WRITES).toggles.write(likeId(userId, songId), { userId, songId, mayLike });
}

/** The user's liked song ids, most recently liked first. */
export async function likedSongIdsOf(data: AppData, userId: string): Promise<string[]> {
  const likes = await likeModel(data).find({ user: userId }).select('song').sort({ createdAt: -1, _id: -1 }).lean();
  return likes.map((like) => String(like.song));
}

/** The user's likes with when each was made, most recent first. */
export async function likeTimesOf(data: AppData, userId: string): Promise<{ songId: string; likedAt: Date }[]> {
  const likes = await likeModel(data).find({ user: userId }).select('song createdAt').sort({ createdAt: -1, _id: -1 }).lean();
  return likes.map((like) => ({ songId: String(like.song), likedAt: like.createdAt ?? new Date(0) }));
}

export async function deleteLikesOfUser(data: AppData, userId: string): Promise<void> {
  await data.kept(LIKE_WRITES).known.around(() => likeModel(data).deleteMany({ user: userId }));
}

export async function deleteLikesOfSong(data: AppData, songId: string): Promise<void> {
  await data.kept(LIKE_WRITES).known.around(() => likeModel(data).deleteMany({ song: songId }));
}

export function countLikes(data: AppData): Promise<number> {
  return likeModel(data).countDocuments();
}

/** Songs by number of likes, most first. */
export async function mostLikedSongs(data: AppData, limit: number): Promise<{ songId: string; likes: number }[]> {
  const rows = await likeModel(data).aggregate<{ _id: unknown; likes: number }>([
    { $group: { _id: '$song', likes: { $sum: 1 } } },
    { $sort: { likes: -1, _id: 1 } },
    { $limit: limit },
  ]);
  return rows.map((row) => ({ songId: String(row._id), likes: row.likes }));
}
