import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import type { PlaylistInput, PlaylistSaavnTrack } from '@samaa/shared';
import { engineTraits, serialised } from '../db/engine.js';
import { groupInserts, KeyedGroupCommit } from '../db/groupCommit.js';
import { StampedCache } from '../db/stampedCache.js';
import { PlaylistModel } from './playlist.model.js';
import { addToList, deleteList, listedIds, removeFromList } from './userPlaylists.repo.js';

/*
 * Playlists and, beside them, one list per user of their playlist ids (userPlaylists.repo.ts),
 * so listing a user's playlists is primary-key reads only: a `{user}` filter is not indexed on
 * the embedded engine. Every read-modify-write of one document runs `serialised` on its key. A
 * create inserts the playlist, then lists it; a delete deletes it, then unlists it: a crash
 * between the two leaves at most an unacknowledged orphan or a dangling id, which reads skip.
 */

export interface PlaylistRecord {
  _id: string;
  name: string;
  desc: string;
  img: string;
  /** Song ids in play order, never duplicated. */
  songIds: string[];
  user: string;
  /** JioSaavn songs an import kept; absent when none. */
  saavnTracks?: PlaylistSaavnTrack[];
  /** Made by an import; absent for hand-made playlists. */
  imported?: true;
}

interface PlaylistDoc {
  _id: mongoose.Types.ObjectId;
  name: string;
  desc?: string | null;
  img?: string | null;
  songs: mongoose.Types.ObjectId[];
  user: mongoose.Types.ObjectId;
  saavnTracks?: PlaylistSaavnTrack[] | null;
  imported?: boolean | null;
  createdAt?: Date;
}

const listKey = (userId: string) => userId.toLowerCase();
const playlistLock = (id: string) => `playlist:${id.toLowerCase()}`;

/**
 * Each user's playlists as last read, so search and the library do not read them on every
 * request. A write of one playlist in this process patches its owner's entry (patchListed); other
 * writes (bulk lists, cascades) drop it. When other processes may write
 * too, every playlist write moves the playlists stamp, which is read at most every
 * PLAYLISTS_CHECK_MS; when it moved, every entry goes (within twice that: sharedStamp.ts).
 */
export const PLAYLISTS_CHECK_MS = 1000;
const listed = new StampedCache<string, PlaylistRecord[]>({
  max: 10_000,
  stamp: { name: 'playlists', checkMs: PLAYLISTS_CHECK_MS },
});
/** Playlist writes made by this process, so a list read joins only a read that began after the last write. */
// eslint-disable-next-line no-restricted-syntax -- process-wide like the connection and the kept lists it guards
let writes = 0;
// eslint-disable-next-line no-restricted-syntax -- list reads in flight only, removed once settled
const reading = new Map<string, { writes: number; read: Promise<PlaylistRecord[]> }>();
const forget = (userId: string) => {
  writes += 1;
  listed.changed(listKey(userId));
};

/**
 * After a write of one playlist: the owner's kept list gets the playlist as it now is (or loses
 * it, `record` null) instead of being read again, so a listener with thousands of playlists is not
 * re-read after each change. Every other playlist record stays the same object, which keeps their
 * parts of the encoded body (userPlaylistsBody.ts).
 */
function patchListed(userId: string, id: string, record: PlaylistRecord | null, place: 'first' | 'same' = 'same'): void {
  writes += 1;
  listed.patched(listKey(userId), (kept) => {
    if (place === 'first') return record ? [record, ...kept.filter((r) => r._id !== id)] : kept;
    const at = kept.findIndex((r) => r._id === id);
    if (at < 0) return kept;
    return record ? kept.map((r, i) => (i === at ? record : r)) : kept.filter((_, i) => i !== at);
  });
}

/**
 * Each playlist's owner as last seen. An owner never changes and an id is never reused, so an
 * entry stays true for as long as the playlist exists, in every process: an ownership check then
 * needs no read, and the write that follows tells whether the playlist is still there.
 */
const owners = new LRUCache<string, string>({ max: 20_000 });

/** The owner's id (lower case) when this process has seen the playlist; undefined otherwise. */
export function knownOwnerOf(id: string): string | undefined {
  return owners.get(id.toLowerCase());
}

function toRecord(doc: PlaylistDoc): PlaylistRecord {
  owners.set(String(doc._id), String(doc.user));
  return {
    _id: String(doc._id),
    name: doc.name,
    desc: doc.desc ?? '',
    img: doc.img ?? '',
    songIds: doc.songs.map(String),
    user: String(doc.user),
    ...(doc.saavnTracks?.length
      ? { saavnTracks: doc.saavnTracks.map(({ at, saavnId, name, artist, img, src }) => ({ at, saavnId, name, artist, img, src })) }
      : {}),
    ...(doc.imported ? { imported: true as const } : {}),
  };
}

async function list(userId: string, ids: mongoose.Types.ObjectId[]): Promise<void> {
  forget(userId);
  await addToList(userId, ids);
  forget(userId);
}

/** Adds playlists to their owner's list (creates, bulk inserts, and the migration of older data). */
export const listPlaylists = list;

async function unlist(userId: string, ids: readonly string[]): Promise<void> {
  forget(userId);
  await removeFromList(userId, ids);
  forget(userId);
}

/** Playlists created while others are being stored go together, as one insert (db/groupCommit.ts). */
const playlistInserts = groupInserts<InstanceType<typeof PlaylistModel>>(PlaylistModel);

export async function insertPlaylist(userId: string, input: PlaylistInput, { imported = false } = {}): Promise<PlaylistRecord> {
  const doc = await playlistInserts.write(new PlaylistModel({ ...input, user: userId, songs: [], ...(imported ? { imported } : {}) }));
  writes += 1;
  await addToList(userId, [doc._id]);
  const record = toRecord(doc.toObject() as unknown as PlaylistDoc);
  patchListed(userId, record._id, record, 'first');
  return record;
}

export async function findPlaylist(id: string): Promise<PlaylistRecord | null> {
  const doc = await PlaylistModel.findById(id).lean<PlaylistDoc>();
  return doc ? toRecord(doc) : null;
}

/** The user's playlists, newest first. */
export async function playlistsOf(userId: string): Promise<PlaylistRecord[]> {
  const k = listKey(userId);
  // One read per list at a time: readers that arrive while it runs share it, unless a write came between.
  return listed.get(k, () => {
    const running = reading.get(k);
    if (running && running.writes === writes) return running.read;
    const read = readPlaylistsOf(userId).finally(() => {
      if (reading.get(k)?.read === read) reading.delete(k);
    });
    reading.set(k, { writes, read });
    return read;
  });
}

async function readPlaylistsOf(userId: string): Promise<PlaylistRecord[]> {
  const ids = await listedIds(userId);
  const found = await Promise.all(ids.map((id) => PlaylistModel.findById(id).lean<PlaylistDoc>()));
  const docs = found.filter((doc): doc is PlaylistDoc => doc !== null && String(doc.user) === listKey(userId));
  if (docs.length < ids.length) {
    const live = new Set(docs.map((doc) => String(doc._id)));
    await unlist(userId, ids.filter((id) => !live.has(id)));
  }
  const time = (doc: PlaylistDoc) => (doc.createdAt ? new Date(doc.createdAt).getTime() : 0);
  // Listed in creation order: reversed, a stable sort keeps the later of equal timestamps first.
  return docs.reverse().sort((a, b) => time(b) - time(a)).map(toRecord);
}

/** Sets name, and desc and img when given. Null when the playlist is gone. */
export async function updatePlaylistFields(id: string, input: PlaylistInput): Promise<PlaylistRecord | null> {
  const set: Partial<PlaylistInput> = { name: input.name };
  if (input.desc !== undefined) set.desc = input.desc;
  if (input.img !== undefined) set.img = input.img;
  return serialised(playlistLock(id), async () => {
    const doc = await PlaylistModel.findByIdAndUpdate(id, { $set: set }, { new: true, runValidators: true }).lean<PlaylistDoc>();
    const record = doc ? toRecord(doc) : null;
    if (record) patchListed(record.user, record._id, record);
    return record;
  });
}

interface SongChange {
  op: '$addToSet' | '$pullAll';
  songId: string;
}

/**
 * Adds and removes of one playlist that arrive while one is being stored go together: each run
 * of adds (or of removes) is one update by `_id` (`$addToSet` with `$each`, `$pullAll`) that returns
 * the playlist as it was, and each change is answered with the playlist as it left it, worked out
 * in arrival order from that. A duplicate add changes nothing and is answered with the playlist.
 */
const songChanges = new KeyedGroupCommit<SongChange, PlaylistRecord | null>((id, changes) =>
  serialised(playlistLock(id), async () => {
    const outcomes: (PlaylistRecord | null)[] = [];
    for (let at = 0; at < changes.length; ) {
      const { op } = changes[at]!;
      let end = at + 1;
      while (end < changes.length && changes[end]!.op === op) end += 1;
      const run = changes.slice(at, end);
      at = end;
      const songs = run.map(({ songId }) => new mongoose.Types.ObjectId(songId));
      const update = op === '$addToSet' ? { $addToSet: { songs: { $each: songs } } } : { $pullAll: { songs } };
      writes += 1;
      const before = await PlaylistModel.findByIdAndUpdate(id, update, { new: false }).lean<PlaylistDoc>();
      if (!before) {
        outcomes.push(...run.map(() => null));
        continue;
      }
      const record = toRecord(before);
      let songIds = record.songIds;
      for (const { songId } of run) {
        const song = songId.toLowerCase();
        if (op === '$pullAll') songIds = songIds.filter((other) => other !== song);
        else if (!songIds.includes(song)) songIds = [...songIds, song];
        outcomes.push({ ...record, songIds });
      }
      patchListed(record.user, record._id, outcomes.at(-1)!);
    }
    return outcomes;
  }),
);

/** Appends a song unless it is there already. Null when the playlist is gone. */
export function addSongToPlaylist(id: string, songId: string): Promise<PlaylistRecord | null> {
  return songChanges.write(id.toLowerCase(), { op: '$addToSet', songId });
}

export function removeSongFromPlaylist(id: string, songId: string): Promise<PlaylistRecord | null> {
  return songChanges.write(id.toLowerCase(), { op: '$pullAll', songId });
}

export type MoveOutcome = { kind: 'gone' } | { kind: 'notThere'; record: PlaylistRecord } | { kind: 'moved'; record: PlaylistRecord };

/**
 * Moves one song to place `to` among the songs (past the end: last), checking the playlist with
 * `check` first (its owner). One read and one write by `_id` whatever the playlist's size. On the
 * embedded engine the playlist's lock keeps adds and removes out between the two; on MongoDB, where
 * `serialised` does not wait, the write is a compare-and-set on the songs as read, so a change that
 * lands between them makes it read again rather than be lost.
 * JioSaavn entries keep their places among all entries.
 */
export async function moveSongInPlaylist(
  id: string,
  songId: string,
  to: number,
  check: (record: PlaylistRecord) => void,
): Promise<MoveOutcome> {
  const song = songId.toLowerCase();
  return serialised(playlistLock(id), async () => {
    for (;;) {
      const before = await PlaylistModel.findById(id).lean<PlaylistDoc>();
      if (!before) return { kind: 'gone' };
      const record = toRecord(before);
      check(record);
      const from = record.songIds.indexOf(song);
      if (from < 0) return { kind: 'notThere', record };
      const rest = record.songIds.filter((_, i) => i !== from);
      const songIds = [...rest.slice(0, to), song, ...rest.slice(to)];
      if (songIds.every((other, i) => other === record.songIds[i])) return { kind: 'moved', record };
      writes += 1;
      const doc = await PlaylistModel.findOneAndUpdate(
        engineTraits().atomicUpdates ? { _id: id, songs: before.songs } : { _id: id },
        { $set: { songs: songIds.map((other) => new mongoose.Types.ObjectId(other)) } },
        { new: true },
      ).lean<PlaylistDoc>();
      if (!doc) continue;
      const moved = toRecord(doc);
      patchListed(moved.user, moved._id, moved);
      return { kind: 'moved', record: moved };
    }
  });
}

/** Replaces the song list (duplicates dropped, first kept). Null when the playlist is gone. */
export async function replacePlaylistSongs(id: string, songIds: readonly string[]): Promise<PlaylistRecord | null> {
  const songs = [...new Set(songIds.map((songId) => songId.toLowerCase()))].map((songId) => new mongoose.Types.ObjectId(songId));
  return serialised(playlistLock(id), async () => {
    const doc = await PlaylistModel.findByIdAndUpdate(id, { $set: { songs } }, { new: true }).lean<PlaylistDoc>();
    const record = doc ? toRecord(doc) : null;
    if (record) patchListed(record.user, record._id, record);
    return record;
  });
}

/**
 * Sets the songs (duplicates dropped) and the JioSaavn tracks together, as an import decides them,
 * and the description when given (its count of matched tracks), in the one write.
 */
export async function replacePlaylistEntries(
  id: string,
  songIds: readonly string[],
  saavnTracks: readonly PlaylistSaavnTrack[],
  desc?: string,
): Promise<PlaylistRecord | null> {
  const songs = [...new Set(songIds.map((songId) => songId.toLowerCase()))].map((songId) => new mongoose.Types.ObjectId(songId));
  const set = { songs, ...(saavnTracks.length > 0 ? { saavnTracks } : {}), ...(desc !== undefined ? { desc } : {}) };
  return serialised(playlistLock(id), async () => {
    const update = saavnTracks.length > 0 ? { $set: set } : { $set: set, $unset: { saavnTracks: 1 } };
    const doc = await PlaylistModel.findByIdAndUpdate(id, update, { new: true }).lean<PlaylistDoc>();
    const record = doc ? toRecord(doc) : null;
    if (record) patchListed(record.user, record._id, record);
    return record;
  });
}

export async function deletePlaylistById(id: string, userId: string): Promise<boolean> {
  const { deletedCount } = await PlaylistModel.deleteOne({ _id: id, user: userId });
  if (deletedCount === 0) return false;
  owners.delete(id.toLowerCase());
  writes += 1;
  await removeFromList(userId, [id]);
  patchListed(userId, id.toLowerCase(), null);
  return true;
}

/** Cascade of a user delete. */
export async function deletePlaylistsOf(userId: string): Promise<void> {
  forget(userId);
  const ids = await listedIds(userId);
  for (const id of ids) owners.delete(id);
  await Promise.all(ids.map((id) => PlaylistModel.deleteOne({ _id: id })));
  await deleteList(userId);
  // Playlists a crash left unlisted.
  await PlaylistModel.deleteMany({ user: userId });
  forget(userId);
}

/** Cascade of a song delete. */
export async function removeSongFromAllPlaylists(songId: string): Promise<void> {
  const song = new mongoose.Types.ObjectId(songId);
  const holders = await PlaylistModel.find({ songs: song }).select('_id user').lean();
  await Promise.all(
    holders.map(async ({ _id, user }) => {
      forget(String(user));
      await serialised(playlistLock(String(_id)), () => PlaylistModel.updateOne({ _id }, { $pull: { songs: song } }));
      forget(String(user));
    }),
  );
}

/** Marks playlists imported (a migration, before anything reads): every kept list goes. */
export async function markImported(ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { modifiedCount } = await PlaylistModel.updateMany({ _id: { $in: [...ids] } }, { $set: { imported: true } });
  forgetAllPlaylists();
  return modifiedCount;
}

export function countPlaylists(): Promise<number> {
  return PlaylistModel.countDocuments();
}

export interface NewPlaylist extends PlaylistInput {
  user: string;
  songIds?: string[];
}

/** Drops every kept list and owner, here and (through the stamp) in every process: all playlists went (the seed's reset). */
export function forgetAllPlaylists(): void {
  writes += 1;
  owners.clear();
  listed.changed();
}
