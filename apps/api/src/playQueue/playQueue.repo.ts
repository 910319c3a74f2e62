import { serialised } from '../db/engine.js';
import { PlayQueueModel } from './playQueue.model.js';

export interface StoredPlayQueue {
  songs: string[];
  current?: number;
  /** Milliseconds into the current song. */
  position: number;
  changed: Date;
  changedBy: string;
}

export async function playQueueOf(userId: string): Promise<StoredPlayQueue | null> {
  const doc = await PlayQueueModel.findById(userId).lean();
  if (!doc) return null;
  const queue: StoredPlayQueue = { songs: doc.songs, position: doc.position ?? 0, changed: doc.changed, changedBy: doc.changedBy ?? '' };
  if (typeof doc.current === 'number') queue.current = doc.current;
  return queue;
}

/** Replaces the user's queue whole, under its lock; an empty one is deleted. */
export async function savePlayQueueOf(userId: string, queue: StoredPlayQueue): Promise<void> {
  await serialised(`play-queue:${userId}`, async () => {
    if (queue.songs.length === 0) await PlayQueueModel.deleteOne({ _id: userId });
    else {
      const { current, ...rest } = queue;
      await PlayQueueModel.replaceOne({ _id: userId }, { _id: userId, ...rest, ...(current === undefined ? {} : { current }) }, { upsert: true });
    }
  });
}

export async function deletePlayQueueOf(userId: string): Promise<void> {
  await PlayQueueModel.deleteOne({ _id: userId });
}
