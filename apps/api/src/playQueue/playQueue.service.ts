import { CATALOGUE_MESSAGES, type Playlist, type PlayQueue, type PlayQueueInput, type QueuePlaylistInput, type Song } from '@samaa/shared';
import { badRequest, notFound } from '../http/errors.js';
import { createPlaylist, discardPlaylist, replaceSongs, type PlaylistDeps } from '../playlists/playlists.service.js';
import type { Stores } from '../context.js';
import type { AppData } from '../db/appData.js';
import { deletePlayQueueOf, playQueueOf, savePlayQueueOf, type StoredPlayQueue } from './playQueue.repo.js';

/*
 * The listener's play queue on the server, one per listener: what the web player syncs through
 * /api/play-queue and Subsonic apps through savePlayQueue/getPlayQueue. Every use case takes the
 * listener's own id; there is no way to name another's queue.
 */

/** What the web player's saves are named by, where a Subsonic app gives its `c`. */
export const WEB_PLAYER_NAME = 'Samaa web';

export interface KeptQueue {
  /** The songs still in the catalogue, in order. */
  songs: Song[];
  /** Index into `songs`; undefined when the current song went too. */
  current?: number;
  /** Milliseconds into the current song. */
  position: number;
  changed: Date;
  changedBy: string;
}

/** The ids `has` knows, and the current index moved with the ones left out. */
function keepKnown(ids: readonly string[], current: number | undefined, has: (id: string) => boolean) {
  let index = current;
  const kept: string[] = [];
  ids.forEach((id, i) => {
    if (has(id)) kept.push(id);
    else if (index !== undefined && i < index) index -= 1;
    else if (i === index) index = undefined;
  });
  return { ids: kept, current: kept.length ? index : undefined };
}

/** The listener's queue without the songs deleted since; null when none is kept. */
export async function readPlayQueue({ data, catalogue }: Stores, userId: string): Promise<KeptQueue | null> {
  const stored = await playQueueOf(data, userId);
  if (!stored) return null;
  const byId = await catalogue.songsById();
  const { ids, current } = keepKnown(stored.songs, stored.current, (id) => byId.has(id));
  return { songs: ids.map((id) => byId.get(id)!), current, position: stored.position, changed: stored.changed, changedBy: stored.changedBy };
}

export interface QueueToSave {
  songs: string[];
  current?: number;
  positionMs: number;
  changedBy: string;
}

/**
 * Replaces the listener's queue whole (no songs: none is kept). `unknownSongs: 'refuse'` answers
 * 404 for an id the catalogue does not hold (Subsonic's rule); `'drop'` leaves it out (the web
 * player's queue may hold a song deleted since it was queued).
 */
export async function savePlayQueue(
  { data, catalogue }: Stores,
  userId: string,
  queue: QueueToSave,
  { unknownSongs }: { unknownSongs: 'refuse' | 'drop' },
): Promise<StoredPlayQueue> {
  const byId = await catalogue.songsById();
  const songs = queue.songs.map((id) => id.toLowerCase());
  if (unknownSongs === 'refuse' && songs.some((id) => !byId.has(id))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  const { ids, current } = keepKnown(songs, queue.current, (id) => byId.has(id));
  const stored: StoredPlayQueue = { songs: ids, position: queue.positionMs, changed: new Date(), changedBy: queue.changedBy };
  if (ids.length) stored.current = current ?? 0;
  await savePlayQueueOf(data, userId, stored);
  return stored;
}

/** GET /api/play-queue's `data`. */
export async function playQueueForWeb(stores: Stores, userId: string): Promise<PlayQueue | null> {
  const kept = await readPlayQueue(stores, userId);
  if (!kept || kept.songs.length === 0) return null;
  return {
    songs: kept.songs,
    current: kept.current ?? null,
    position: kept.position / 1000,
    changed: kept.changed.toISOString(),
    changedBy: kept.changedBy,
  };
}

/** PUT /api/play-queue: the web player's queue (positions in seconds). */
export async function savePlayQueueFromWeb(stores: Stores, userId: string, input: PlayQueueInput) {
  const stored = await savePlayQueue(
    stores,
    userId,
    { songs: input.songs, current: input.current, positionMs: Math.round(input.position * 1000), changedBy: WEB_PLAYER_NAME },
    { unknownSongs: 'drop' },
  );
  return { songs: stored.songs.length, changed: stored.changed.toISOString() };
}

/**
 * "Save as playlist": a new own playlist holding the queue's songs in order (songs deleted since
 * left out). Nothing is left behind if the songs cannot be set.
 */
export async function saveQueueAsPlaylist(deps: PlaylistDeps, userId: string, input: QueuePlaylistInput): Promise<Playlist> {
  const byId = await deps.catalogue.songsById();
  const songs = input.songs.map((id) => id.toLowerCase()).filter((id) => byId.has(id));
  if (songs.length === 0) throw badRequest(CATALOGUE_MESSAGES.songNotFound);
  const created = await createPlaylist(deps, userId, { name: input.name, desc: '', img: '' });
  try {
    return await replaceSongs(deps, created._id, songs, userId);
  } catch (err) {
    await discardPlaylist(deps, created._id, userId);
    throw err;
  }
}

/** When a user goes: their queue. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return deletePlayQueueOf(data, userId);
}
