import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { PLAY_QUEUE_MODEL } from './playQueue.model.js';

const queueModel = (data: AppData) => data.model(PLAY_QUEUE_MODEL);

export interface StoredPlayQueue {
  songs: string[];
  current?: number;
  /** Milliseconds into the current song. */
  position: number;
  changed: Date;
  changedBy: string;
}

export async function playQueueOf(data: AppData, userId: string): Promise<StoredPlayQueue | null> {
  const doc = await queueModel(data).findById(userId).lean();
  if (!doc) return null;
  const queue: StoredPlayQueue = { songs: doc.songs, position: doc.position ?? 0, changed: doc.changed, changedBy: doc.changedBy ?? '' };
  if (typeof doc.current === 'number') queue.current = doc.current;
  return queue;
}

/** Replaces the user's queue whole, under its lock; an empty one is deleted. */
export async function savePlayQueueOf(data: AppData, userId: string, queue: StoredPlayQueue): Promise<void> {
  await serialised(`${data.name}:play-queue:${userId}`, async () => {
    if (queue.songs.length === 0) await queueModel(data).deleteOne({ _id: userId });
    else {
      const { current, ...rest } = queue;
      await queueModel(data).replaceOne({ _id: userId }, { _id: userId, ...rest, ...(current === undefined ? {} : { current }) }, { upsert: true });
    }
  });
}

export async function deletePlayQueueOf(data: AppData, userId: string): Promise<void> {
  await queueModel(data).deleteOne({ _id: userId });
}
