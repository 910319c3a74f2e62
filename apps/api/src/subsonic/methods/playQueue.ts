import { annotationsOf, notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary } from '../library.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';
import { playQueueOf, savePlayQueueOf, type StoredPlayQueue } from '../store/listening.repo.js';

/*
 * The play queue an app saves so that another app (or the same one later) resumes it: one per
 * listener, stored whole. Both the classic calls (the current song by id) and OpenSubsonic's
 * indexBasedQueue (by index, so a song may be queued twice) read and write the same queue.
 */

export const MAX_QUEUE = 5000;
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
  const position = call.params.int('position', 0, 0, MAX_POSITION_MS);
  const queue: StoredPlayQueue = { songs, current: songs.length ? current : undefined, position, changed: new Date(), changedBy: appName(call) };
  await savePlayQueueOf(call.user._id, queue);
  return {};
}

/** The stored queue without songs deleted since, its current index moved with them. */
async function readQueue(call: SubsonicCall) {
  const stored = await playQueueOf(call.user._id);
  if (!stored) return null;
  const [library, notes] = await Promise.all([currentLibrary(call.ctx.catalogue), annotationsOf(call.user)]);
  let current = stored.current;
  const entries: Payload[] = [];
  const ids: string[] = [];
  stored.songs.forEach((id, index) => {
    const song = library.songById.get(id);
    if (!song) {
      if (current !== undefined && index < current) current -= 1;
      else if (index === current) current = undefined;
      return;
    }
    ids.push(id);
    entries.push(songChild(song, library, notes));
  });
  return { stored, current, ids, entries };
}

/** What both forms of the queue answer share; they differ only in how the current song is named. */
function queueFields({ stored, entries }: NonNullable<Awaited<ReturnType<typeof readQueue>>>, call: SubsonicCall) {
  return { position: stored.position, username: call.user.email, changed: stored.changed, changedBy: stored.changedBy, entry: entries };
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
