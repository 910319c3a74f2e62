import mongoose from 'mongoose';
import { UserModel } from '../users/user.model.js';
import { PlaylistModel } from './playlist.model.js';
import type { PopulatedPlaylistDoc } from './playlists.service.js';
import { UserPlaylistsModel } from './userPlaylists.model.js';

/*
 * Maintenance of the per-user playlist index (userPlaylists.model.ts) without transactions:
 * a create inserts the playlist before indexing it and a delete unindexes it before deleting, so
 * the index never misses an existing playlist; at worst it holds a dangling id, which reads skip
 * and prune.
 */

type ObjectId = mongoose.Types.ObjectId;
type IndexedPlaylistDoc = PopulatedPlaylistDoc & { createdAt?: Date };

const indexKey = (userId: string) => userId.toLowerCase();

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** Appends ids to the user's index, creating it when missing (a racing creator wins the insert). */
async function appendOrCreate(userId: string, ids: ObjectId[]): Promise<void> {
  const filter = { _id: indexKey(userId) };
  const update = { $addToSet: { playlists: { $each: ids } } };
  try {
    await UserPlaylistsModel.updateOne(filter, update, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await UserPlaylistsModel.updateOne(filter, update);
  }
}

/**
 * For a user without an index document (playlists from before the index, or inserted directly):
 * one `{user}` query, whose result becomes the index. Returns the playlists in creation order.
 */
async function rebuildUserIndex(userId: string): Promise<IndexedPlaylistDoc[]> {
  const docs = await PlaylistModel.find({ user: userId })
    .sort({ createdAt: 1, _id: 1 })
    .lean<IndexedPlaylistDoc[]>();
  await appendOrCreate(userId, docs.map((doc) => doc._id));
  return docs;
}

/** Indexes a playlist just inserted for the user. */
export async function indexPlaylist(userId: string, playlistId: ObjectId): Promise<void> {
  const { matchedCount } = await UserPlaylistsModel.updateOne(
    { _id: indexKey(userId) },
    { $addToSet: { playlists: playlistId } },
  );
  // No index yet: building it from the playlists collection picks up the new playlist too.
  if (matchedCount === 0) await rebuildUserIndex(userId);
}

/** Removes a playlist from the user's index; call before deleting the playlist. */
export async function unindexPlaylist(userId: string, playlistId: string): Promise<void> {
  await UserPlaylistsModel.updateOne(
    { _id: indexKey(userId) },
    { $pull: { playlists: new mongoose.Types.ObjectId(playlistId) } },
  );
}

/** Deletes the user's index and every playlist of theirs. */
export async function deleteAllPlaylistsOf(userId: string): Promise<void> {
  await UserPlaylistsModel.deleteOne({ _id: indexKey(userId) });
  await PlaylistModel.deleteMany({ user: userId });
}

/** Newest first; equal timestamps keep the later-indexed playlist first. */
function newestFirst(docsInCreationOrder: IndexedPlaylistDoc[]): IndexedPlaylistDoc[] {
  const time = (doc: IndexedPlaylistDoc) => (doc.createdAt ? new Date(doc.createdAt).getTime() : 0);
  return docsInCreationOrder.slice().reverse().sort((a, b) => time(b) - time(a));
}

/**
 * The user's playlists, newest first: the index by primary key, then one primary-key read per
 * playlist, in parallel. Ids of playlists that are gone or not the user's are skipped and pruned.
 */
export async function playlistDocsOf(userId: string): Promise<PopulatedPlaylistDoc[]> {
  const index = await UserPlaylistsModel.findById(indexKey(userId)).lean();
  if (!index) return newestFirst(await rebuildUserIndex(userId));
  const found = await Promise.all(
    index.playlists.map((id) => PlaylistModel.findById(id).lean<IndexedPlaylistDoc>()),
  );
  const docs: IndexedPlaylistDoc[] = [];
  const dangling: ObjectId[] = [];
  found.forEach((doc, i) => {
    if (doc && String(doc.user) === indexKey(userId)) docs.push(doc);
    else dangling.push(index.playlists[i]!);
  });
  if (dangling.length > 0) {
    await UserPlaylistsModel.updateOne({ _id: indexKey(userId) }, { $pullAll: { playlists: dangling } });
  }
  return newestFirst(docs);
}

/**
 * Rewrites every user's index from the playlists collection (an index document for every user,
 * empty when they have no playlist). For tools that insert playlists directly (the benchmark's
 * setup); not safe against concurrent playlist writes.
 */
export async function rebuildPlaylistIndex(): Promise<void> {
  const [users, playlists] = await Promise.all([
    UserModel.find().select('_id').lean(),
    PlaylistModel.find().select('_id user').sort({ createdAt: 1, _id: 1 }).lean(),
  ]);
  const byUser = new Map<string, ObjectId[]>(users.map((user) => [indexKey(String(user._id)), []]));
  for (const playlist of playlists) byUser.get(indexKey(String(playlist.user)))?.push(playlist._id);
  await UserPlaylistsModel.deleteMany({});
  const docs = [...byUser].map(([_id, ids]) => ({ _id, playlists: ids }));
  for (let i = 0; i < docs.length; i += 1000) {
    await UserPlaylistsModel.insertMany(docs.slice(i, i + 1000), { lean: true });
  }
}
