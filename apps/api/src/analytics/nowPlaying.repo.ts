import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { NOW_PLAYING_MODEL } from './nowPlaying.model.js';

const nowPlayingModel = (data: AppData) => data.model(NOW_PLAYING_MODEL);

export interface NowPlayingEntry {
  userId: string;
  player: string;
  songId: string;
  at: Date;
}

/** A notice older than this is no longer "now". */
export const NOW_PLAYING_MS = 15 * 60 * 1000;

const entryId = (userId: string, player: string) => `${userId}:${player}`;

export async function setNowPlaying(data: AppData, userId: string, player: string, songId: string, at: Date): Promise<void> {
  const _id = entryId(userId, player);
  await serialised(`${data.name}:now-playing:${_id}`, () =>
    nowPlayingModel(data).replaceOne({ _id }, { _id, user: userId, player, song: songId, at }, { upsert: true }),
  );
}

/**
 * Everyone's current notices, newest first. The collection holds one entry per listener and
 * player at most, and stale ones are deleted here, so it stays the size of the active listeners.
 */
export async function nowPlaying(data: AppData, now = new Date()): Promise<NowPlayingEntry[]> {
  const cutoff = new Date(now.getTime() - NOW_PLAYING_MS);
  const docs = await nowPlayingModel(data).find().lean();
  const stale = docs.filter((doc) => doc.at < cutoff).map((doc) => doc._id);
  if (stale.length) await nowPlayingModel(data).deleteMany({ _id: { $in: stale }, at: { $lt: cutoff } });
  return docs
    .filter((doc) => doc.at >= cutoff)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((doc) => ({ userId: doc.user, player: doc.player, songId: doc.song, at: doc.at }));
}

export async function deleteNowPlayingOfUser(data: AppData, userId: string): Promise<void> {
  await nowPlayingModel(data).deleteMany({ user: userId });
}
