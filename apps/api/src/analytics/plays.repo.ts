import { isSoleWriter } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { defineKept, type AppData } from '../db/appData.js';
import { PLAY_MODEL } from './play.model.js';

const playModel = (data: AppData) => data.model(PLAY_MODEL);

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
const COUNTED = defineKept('playStats', () => new StampedCache<'all', Map<string, PlayStats>>({ max: 1 }));
const counted = (data: AppData) => data.kept(COUNTED);

export async function recordPlay(data: AppData, userId: string, songId: string, at: Date): Promise<void> {
  await playModel(data).create({ user: userId, song: songId, at });
  counted(data).patched('all', (stats) => {
    const next = new Map(stats);
    const key = songId.toLowerCase();
    const entry = stats.get(key);
    next.set(key, entry ? { plays: entry.plays + 1, lastPlayed: at > entry.lastPlayed ? at : entry.lastPlayed } : { plays: 1, lastPlayed: at });
    return next;
  });
}

export async function playStats(data: AppData): Promise<Map<string, PlayStats>> {
  return counted(data).get(
    'all',
    () => countPlaysPerSong(data),
    () => (isSoleWriter() ? 0 : STATS_TTL_MS),
  );
}

async function countPlaysPerSong(data: AppData): Promise<Map<string, PlayStats>> {
  // Folded here rather than by $group: the embedded engine has no $max accumulator.
  const rows = await playModel(data).find({}, { song: 1, at: 1, _id: 0 }).lean();
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

export function countPlays(data: AppData): Promise<number> {
  return playModel(data).countDocuments();
}

export async function deletePlaysOfSong(data: AppData, songId: string): Promise<void> {
  await playModel(data).deleteMany({ song: songId });
  counted(data).forget();
}

export async function deletePlaysOfUser(data: AppData, userId: string): Promise<void> {
  await playModel(data).deleteMany({ user: userId });
  counted(data).forget();
}
