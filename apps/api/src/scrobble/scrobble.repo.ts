import type { ScrobbleService } from '@samaa/shared';
import { engineTraits, serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { SCROBBLE_CONNECTION_MODEL, SCROBBLE_PENDING_MODEL, SCROBBLE_QUEUE_MODEL } from './scrobble.model.js';

const connectionModel = (data: AppData) => data.model(SCROBBLE_CONNECTION_MODEL);
const queueModel = (data: AppData) => data.model(SCROBBLE_QUEUE_MODEL);
const pendingModel = (data: AppData) => data.model(SCROBBLE_PENDING_MODEL);

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
const connectionLock = (data: AppData, userId: string) => `${data.name}:scrobble-connection:${userId}`;
const queueLock = (data: AppData, key: string) => `${data.name}:scrobble-queue:${key}`;
const pendingLock = (data: AppData) => `${data.name}:scrobble-pending`;

// --- connections -------------------------------------------------------------------------------

export async function connectionsOf(data: AppData, userId: string): Promise<StoredConnections> {
  const doc = await connectionModel(data).findById(userId).lean<{ listenbrainz?: StoredLink | null; lastfm?: StoredLink | null }>();
  const out: StoredConnections = {};
  if (doc?.listenbrainz) out.listenbrainz = doc.listenbrainz;
  if (doc?.lastfm) out.lastfm = doc.lastfm;
  return out;
}

export function saveLink(data: AppData, userId: string, service: ScrobbleService, link: StoredLink): Promise<void> {
  return serialised(connectionLock(data, userId), async () => {
    await connectionModel(data).updateOne({ _id: userId }, { $set: { [service]: link } }, { upsert: true });
  });
}

export function removeLink(data: AppData, userId: string, service: ScrobbleService): Promise<void> {
  return serialised(connectionLock(data, userId), async () => {
    const current = await connectionsOf(data, userId);
    delete current[service];
    if (!current.listenbrainz && !current.lastfm) await connectionModel(data).deleteOne({ _id: userId });
    else await connectionModel(data).updateOne({ _id: userId }, { $unset: { [service]: 1 } });
  });
}

/** Marks a link refused by its service, unless it was replaced (connected again) meanwhile. */
export function markNeedsReconnect(data: AppData, userId: string, service: ScrobbleService, sealed: string): Promise<void> {
  return serialised(connectionLock(data, userId), async () => {
    const link = (await connectionsOf(data, userId))[service];
    if (!link || link.sealed !== sealed) return;
    await connectionModel(data).updateOne({ _id: userId }, { $set: { [`${service}.needsReconnect`]: true } });
  });
}

// --- queues ------------------------------------------------------------------------------------

export async function queuedListens(data: AppData, key: string): Promise<QueuedListen[]> {
  const doc = await queueModel(data).findById(key).lean<{ listens?: QueuedListen[] }>();
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
export async function enqueueListen(data: AppData, key: string, listen: QueuedListen): Promise<void> {
  if (atomic()) {
    await queueModel(data).updateOne({ _id: key }, { $push: { listens: { $each: [listen], $slice: -MAX_QUEUED } } }, { upsert: true });
    return addPending(data, key);
  }
  await serialised(queueLock(data, key), async () => {
    const listens = [...(await queuedListens(data, key)), listen].slice(-MAX_QUEUED);
    await queueModel(data).updateOne({ _id: key }, { $set: { listens } }, { upsert: true });
  });
  await addPending(data, key);
}

/**
 * Removes the listens a service accepted, by id: listens queued while the batch was on its way
 * stay. An emptied queue leaves the pending list.
 */
export async function removeListens(data: AppData, key: string, ids: readonly string[]): Promise<number> {
  if (atomic()) {
    await queueModel(data).updateOne({ _id: key }, { $pull: { listens: { id: { $in: [...ids] } } } });
    const remaining = (await queuedListens(data, key)).length;
    if (remaining === 0) await removePending(data, key, true);
    return remaining;
  }
  const left = await serialised(queueLock(data, key), async () => {
    const gone = new Set(ids);
    const listens = (await queuedListens(data, key)).filter((l) => !gone.has(l.id));
    if (listens.length === 0) await queueModel(data).deleteOne({ _id: key });
    else await queueModel(data).updateOne({ _id: key }, { $set: { listens } });
    return listens.length;
  });
  if (left === 0) await removePending(data, key, true);
  return left;
}

export async function dropQueue(data: AppData, key: string): Promise<void> {
  await serialised(queueLock(data, key), () => queueModel(data).deleteOne({ _id: key }));
  await removePending(data, key, false);
}

// --- the pending list --------------------------------------------------------------------------

export async function pendingKeys(data: AppData): Promise<string[]> {
  const doc = await pendingModel(data).findById(PENDING_ID).lean<{ keys?: string[] }>();
  return doc?.keys ?? [];
}

export async function addPending(data: AppData, key: string): Promise<void> {
  if (atomic()) {
    await pendingModel(data).updateOne({ _id: PENDING_ID }, { $addToSet: { keys: key } }, { upsert: true });
    return;
  }
  return serialised(pendingLock(data), async () => {
    const keys = await pendingKeys(data);
    if (keys.includes(key)) return;
    await pendingModel(data).updateOne({ _id: PENDING_ID }, { $set: { keys: [...keys, key] } }, { upsert: true });
  });
}

/** `onlyIfEmpty`: a listen queued since the queue emptied keeps the key listed. */
export async function removePending(data: AppData, key: string, onlyIfEmpty: boolean): Promise<void> {
  if (atomic()) {
    if (onlyIfEmpty && (await queuedListens(data, key)).length > 0) return;
    await pendingModel(data).updateOne({ _id: PENDING_ID }, { $pull: { keys: key } });
    // A listen queued (and its key re-added) between the check and the removal names it again.
    if (onlyIfEmpty && (await queuedListens(data, key)).length > 0) await addPending(data, key);
    return;
  }
  return serialised(pendingLock(data), async () => {
    if (onlyIfEmpty && (await queuedListens(data, key)).length > 0) return;
    const keys = await pendingKeys(data);
    if (!keys.includes(key)) return;
    await pendingModel(data).updateOne({ _id: PENDING_ID }, { $set: { keys: keys.filter((k) => k !== key) } });
  });
}

// --- a deleted user ----------------------------------------------------------------------------

export async function forgetUserScrobbling(data: AppData, userId: string): Promise<void> {
  await serialised(connectionLock(data, userId), () => connectionModel(data).deleteOne({ _id: userId }));
  await Promise.all((['listenbrainz', 'lastfm'] as const).map((service) => dropQueue(data, queueKey(userId, service))));
}
