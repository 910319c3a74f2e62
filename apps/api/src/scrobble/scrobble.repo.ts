import type { ScrobbleService } from '@samaa/shared';
import { engineTraits, serialised } from '../db/engine.js';
import { ScrobbleConnectionModel, ScrobblePendingModel, ScrobbleQueueModel } from './scrobble.model.js';

export interface StoredLink {
  sealed: string;
  userName: string;
  connectedAt: Date;
  needsReconnect: boolean;
}

export type StoredConnections = Partial<Record<ScrobbleService, StoredLink>>;

export interface QueuedListen {
  id: string;
  artist: string;
  track: string;
  album?: string;
  durationMs?: number;
  listenedAt: number;
  player?: string;
}

/** Each queue holds at most this many listens; past it the oldest go (a service gone for weeks). */
export const MAX_QUEUED = 5000;
const PENDING_ID = 'pending';

export const queueKey = (userId: string, service: ScrobbleService) => `${userId}:${service}`;
const connectionLock = (userId: string) => `scrobble-connection:${userId}`;
const queueLock = (key: string) => `scrobble-queue:${key}`;
const PENDING_LOCK = 'scrobble-pending';

// --- connections -------------------------------------------------------------------------------

export async function connectionsOf(userId: string): Promise<StoredConnections> {
  const doc = await ScrobbleConnectionModel.findById(userId).lean<{ listenbrainz?: StoredLink | null; lastfm?: StoredLink | null }>();
  const out: StoredConnections = {};
  if (doc?.listenbrainz) out.listenbrainz = doc.listenbrainz;
  if (doc?.lastfm) out.lastfm = doc.lastfm;
  return out;
}

export function saveLink(userId: string, service: ScrobbleService, link: StoredLink): Promise<void> {
  return serialised(connectionLock(userId), async () => {
    await ScrobbleConnectionModel.updateOne({ _id: userId }, { $set: { [service]: link } }, { upsert: true });
  });
}

export function removeLink(userId: string, service: ScrobbleService): Promise<void> {
  return serialised(connectionLock(userId), async () => {
    const current = await connectionsOf(userId);
    delete current[service];
    if (!current.listenbrainz && !current.lastfm) await ScrobbleConnectionModel.deleteOne({ _id: userId });
    else await ScrobbleConnectionModel.updateOne({ _id: userId }, { $unset: { [service]: 1 } });
  });
}

/** Marks a link refused by its service, unless it was replaced (connected again) meanwhile. */
export function markNeedsReconnect(userId: string, service: ScrobbleService, sealed: string): Promise<void> {
  return serialised(connectionLock(userId), async () => {
    const link = (await connectionsOf(userId))[service];
    if (!link || link.sealed !== sealed) return;
    await ScrobbleConnectionModel.updateOne({ _id: userId }, { $set: { [`${service}.needsReconnect`]: true } });
  });
}

// --- queues ------------------------------------------------------------------------------------

export async function queuedListens(key: string): Promise<QueuedListen[]> {
  const doc = await ScrobbleQueueModel.findById(key).lean<{ listens?: QueuedListen[] }>();
  return doc?.listens ?? [];
}

/*
 * Two ways to change a queue or the pending list. The embedded engine (one process per database)
 * does not apply $push's $slice or a conditional $pull, so there each change is a read-modify-
 * write under the document's lock. On MongoDB several API processes may share the data: there
 * the operators are atomic, so they are used, and no write can undo another process's.
 */
const atomic = () => engineTraits().atomicUpdates;

/** Appends a listen to a queue and names the queue in the pending list. */
export async function enqueueListen(key: string, listen: QueuedListen): Promise<void> {
  if (atomic()) {
    await ScrobbleQueueModel.updateOne({ _id: key }, { $push: { listens: { $each: [listen], $slice: -MAX_QUEUED } } }, { upsert: true });
    return addPending(key);
  }
  await serialised(queueLock(key), async () => {
    const listens = [...(await queuedListens(key)), listen].slice(-MAX_QUEUED);
    await ScrobbleQueueModel.updateOne({ _id: key }, { $set: { listens } }, { upsert: true });
  });
  await addPending(key);
}

/**
 * Removes the listens a service accepted, by id: listens queued while the batch was on its way
 * stay. An emptied queue leaves the pending list.
 */
export async function removeListens(key: string, ids: readonly string[]): Promise<number> {
  if (atomic()) {
    await ScrobbleQueueModel.updateOne({ _id: key }, { $pull: { listens: { id: { $in: [...ids] } } } });
    const remaining = (await queuedListens(key)).length;
    if (remaining === 0) await removePending(key, true);
    return remaining;
  }
  const left = await serialised(queueLock(key), async () => {
    const gone = new Set(ids);
    const listens = (await queuedListens(key)).filter((l) => !gone.has(l.id));
    if (listens.length === 0) await ScrobbleQueueModel.deleteOne({ _id: key });
    else await ScrobbleQueueModel.updateOne({ _id: key }, { $set: { listens } });
    return listens.length;
  });
  if (left === 0) await removePending(key, true);
  return left;
}

export async function dropQueue(key: string): Promise<void> {
  await serialised(queueLock(key), () => ScrobbleQueueModel.deleteOne({ _id: key }));
  await removePending(key, false);
}

// --- the pending list --------------------------------------------------------------------------

export async function pendingKeys(): Promise<string[]> {
  const doc = await ScrobblePendingModel.findById(PENDING_ID).lean<{ keys?: string[] }>();
  return doc?.keys ?? [];
}

export async function addPending(key: string): Promise<void> {
  if (atomic()) {
    await ScrobblePendingModel.updateOne({ _id: PENDING_ID }, { $addToSet: { keys: key } }, { upsert: true });
    return;
  }
  return serialised(PENDING_LOCK, async () => {
    const keys = await pendingKeys();
    if (keys.includes(key)) return;
    await ScrobblePendingModel.updateOne({ _id: PENDING_ID }, { $set: { keys: [...keys, key] } }, { upsert: true });
  });
}

/** `onlyIfEmpty`: a listen queued since the queue emptied keeps the key listed. */
export async function removePending(key: string, onlyIfEmpty: boolean): Promise<void> {
  if (atomic()) {
    if (onlyIfEmpty && (await queuedListens(key)).length > 0) return;
    await ScrobblePendingModel.updateOne({ _id: PENDING_ID }, { $pull: { keys: key } });
    // A listen queued (and its key re-added) between the check and the removal names it again.
    if (onlyIfEmpty && (await queuedListens(key)).length > 0) await addPending(key);
    return;
  }
  return serialised(PENDING_LOCK, async () => {
    if (onlyIfEmpty && (await queuedListens(key)).length > 0) return;
    const keys = await pendingKeys();
    if (!keys.includes(key)) return;
    await ScrobblePendingModel.updateOne({ _id: PENDING_ID }, { $set: { keys: keys.filter((k) => k !== key) } });
  });
}

// --- a deleted user ----------------------------------------------------------------------------

export async function forgetUserScrobbling(userId: string): Promise<void> {
  await serialised(connectionLock(userId), () => ScrobbleConnectionModel.deleteOne({ _id: userId }));
  await Promise.all((['listenbrainz', 'lastfm'] as const).map((service) => dropQueue(queueKey(userId, service))));
}
