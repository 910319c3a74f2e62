import type mongoose from 'mongoose';
import { PlaylistModel } from './playlist.model.js';
import { forgetAllPlaylists, listPlaylists, type NewPlaylist } from './playlists.repo.js';
import { deleteAllLists } from './userPlaylists.repo.js';

/*
 * Bulk fills and empties for the seed (cli/seed.ts), the benchmark's set-up and tests: no request
 * reaches them, so they stay out of the repository the app's requests go through.
 */

/** Bulk insert; lists each playlist for its user. Ids in input order. */
export async function insertPlaylists(playlists: readonly NewPlaylist[]): Promise<string[]> {
  if (playlists.length === 0) return [];
  // Not lean: the string ids must be cast to ObjectIds like any other write's.
  const docs = await PlaylistModel.insertMany(playlists.map(({ songIds, ...rest }) => ({ ...rest, songs: songIds ?? [] })));
  const byUser = new Map<string, mongoose.Types.ObjectId[]>();
  for (const doc of docs) {
    const user = String(doc.user);
    byUser.set(user, [...(byUser.get(user) ?? []), doc._id]);
  }
  await Promise.all([...byUser].map(([userId, ids]) => listPlaylists(userId, ids)));
  return docs.map((doc) => String(doc._id));
}

/** Empties every playlist and every listener's list (seed --reset). */
export async function deleteAllPlaylists(): Promise<void> {
  forgetAllPlaylists();
  await Promise.all([PlaylistModel.deleteMany({}), deleteAllLists()]);
  forgetAllPlaylists();
}
