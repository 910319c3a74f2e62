import { serialised } from '../db/engine.js';
import { NowPlayingModel } from './nowPlaying.model.js';

export interface NowPlayingEntry {
  userId: string;
  player: string;
  songId: string;
  at: Date;
}

/** A notice older than this is no longer "now". */
export const NOW_PLAYING_MS = 15 * 60 * 1000;

const entryId = (userId: string, player: string) => `${userId}:${player}`;

export async function setNowPlaying(userId: string, player: string, songId: string, at: Date): Promise<void> {
  const _id = entryId(userId, player);
  await serialised(`now-playing:${_id}`, () =>
    NowPlayingModel.replaceOne({ _id }, { _id, user: userId, player, song: songId, at }, { upsert: true }),
  );
}

/**
 * Everyone's current notices, newest first. The collection holds one entry per listener and
 * player at most, and stale ones are deleted here, so it stays the size of the active listeners.
 */
export async function nowPlaying(now = new Date()): Promise<NowPlayingEntry[]> {
  const cutoff = new Date(now.getTime() - NOW_PLAYING_MS);
  const docs = await NowPlayingModel.find().lean();
  const stale = docs.filter((doc) => doc.at < cutoff).map((doc) => doc._id);
  if (stale.length) await NowPlayingModel.deleteMany({ _id: { $in: stale }, at: { $lt: cutoff } });
  return docs
    .filter((doc) => doc.at >= cutoff)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((doc) => ({ userId: doc.user, player: doc.player, songId: doc.song, at: doc.at }));
}

export async function deleteNowPlayingOfUser(userId: string): Promise<void> {
  await NowPlayingModel.deleteMany({ user: userId });
}
