import { MAX_PLAY_QUEUE } from '@samaa/shared';
import { annotationsOf, notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary } from '../library.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';
import { readPlayQueue, savePlayQueue } from '../../playQueue/playQueue.service.js';

/*
 * The play queue an app saves so that another app (or the same one later) resumes it: one per
 * listener, stored whole by the playQueue feature, which the web player syncs with too. Both the
 * classic calls (the current song by id) and OpenSubsonic's indexBasedQueue (by index, so a song
 * may be queued twice) read and write the same queue.
 */

export const MAX_QUEUE = MAX_PLAY_QUEUE;
const MAX_POSITION_MS = 24 * 60 * 60 * 1000;

async function queueSongs(call: SubsonicCall): Promise<string[]> {
  const ids = call.params.list('id').map((id) => id.toLowerCase());
  if (ids.length > MAX_QUEUE) throw new SubsonicError(SUBSONIC_ERRORS.generic, `A play queue holds at most ${MAX_QUEUE} songs`);
  const library = await currentLibrary(call.ctx.catalogue);
  if (ids.some((id) => !library.songById.has(id))) throw notFoundError('Song');
  return ids;
}

const appName = (call: SubsonicCall) => (call.params.optional('c') ?? '').trim().slice(0, 100);

async function save(call: SubsonicCall, songs: string[], current: number | undefined): Promise<Payload> {
  const positionMs = call.params.int('position', 0, 0, MAX_POSITION_MS);
  await savePlayQueue(call.ctx, call.user._id, { songs, current, positionMs, changedBy: appName(call) }, { unknownSongs: 'refuse' });
  return {};
}

/** The stored queue without songs deleted since, its current index moved with them. */
async function readQueue(call: SubsonicCall) {
  const kept = await readPlayQueue(call.ctx, call.user._id);
  if (!kept || kept.songs.length === 0) return null;
  const [library, notes] = await Promise.all([currentLibrary(call.ctx.catalogue), annotationsOf(call.ctx.data, call.user)]);
  const entries = kept.songs.map((song) => songChild(song, library, notes));
  return { kept, current: kept.current, ids: kept.songs.map((song) => song._id), entries };
}

/** What both forms of the queue answer share; they differ only in how the current song is named. */
function queueFields({ kept, entries }: NonNullable<Awaited<ReturnType<typeof readQueue>>>, call: SubsonicCall) {
  return { position: kept.position, username: call.user.email, changed: kept.changed, changedBy: kept.changedBy, entry: entries };
}

export const playQueueMethods: Record<string, SubsonicMethod> = {
  getPlayQueue: async (call) => {
    const queue = await readQueue(call);
    if (!queue) return {};
    const { current, ids } = queue;
    return { playQueue: { current: current === undefined ? undefined : ids[current], ...queueFields(queue, call) } };
  },

  savePlayQueue: async (call) => {
    const songs = await queueSongs(call);
    const currentId = call.params.optional('current')?.toLowerCase();
    const current = currentId ? songs.indexOf(currentId) : songs.length ? 0 : undefined;
    if (current === -1) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'current must be one of the queued songs');
    return save(call, songs, current);
  },

  getPlayQueueByIndex: async (call) => {
    const queue = await readQueue(call);
    if (!queue) return {};
    return { playQueueByIndex: { currentIndex: queue.current, ...queueFields(queue, call) } };
  },

  savePlayQueueByIndex: async (call) => {
    const songs = await queueSongs(call);
    const current = songs.length ? call.params.int('currentIndex', 0, 0, songs.length - 1) : undefined;
    return save(call, songs, current);
  },
};
