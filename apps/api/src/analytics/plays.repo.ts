import { isSoleWriter } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { PlayModel } from './play.model.js';

export interface PlayStats {
  plays: number;
  lastPlayed: Date;
}

/**
 * Play counts per song, as last read. Counting reads every play, so the result is read once and
 * then kept: a play recorded here is added to it (a new map, so answers made from the old one
 * are dropped), and a delete drops it. When other processes may record plays too, it is read
 * again after STATS_TTL_MS.
 */
const STATS_TTL_MS = 5000;
const counted = new StampedCache<'all', Map<string, PlayStats>>({ max: 1 });

export async function recordPlay(userId: string, songId: string, at: Date): Promise<void> {
  await PlayModel.create({ user: userId, song: songId, at });
  counted.patched('all', (stats) => {
    const next = new Map(stats);
    const key = songId.toLowerCase();
    const entry = stats.get(key);
    next.set(key, entry ? { plays: entry.plays + 1, lastPlayed: at > entry.lastPlayed ? at : entry.lastPlayed } : { plays: 1, lastPlayed: at });
    return next;
  });
}

/** Drops the kept counts: plays were deleted behind this repository (tests' clearDatabase). */
export function forgetPlayStats(): void {
  counted.forget();
}

export async function playStats(): Promise<Map<string, PlayStats>> {
  return counted.get('all', countPlaysPerSong, () => (isSoleWriter() ? 0 : STATS_TTL_MS));
}

async function countPlaysPerSong(): Promise<Map<string, PlayStats>> {
  // Folded here rather than by $group: the embedded engine has no $max accumulator.
  const rows = await PlayModel.find({}, { song: 1, at: 1, _id: 0 }).lean();
  const stats = new Map<string, PlayStats>();
  for (const row of rows) {
    const id = String(row.song);
    const entry = stats.get(id);
    if (!entry) stats.set(id, { plays: 1, lastPlayed: row.at });
    else {
      entry.plays += 1;
      if (row.at > entry.lastPlayed) entry.lastPlayed = row.at;
    }
  }
  return stats;
}

export function countPlays(): Promise<number> {
  return PlayModel.countDocuments();
}

export async function deletePlaysOfSong(songId: string): Promise<void> {
  await PlayModel.deleteMany({ song: songId });
  counted.forget();
}

export async function deletePlaysOfUser(userId: string): Promise<void> {
  await PlayModel.deleteMany({ user: userId });
  counted.forget();
}
