import type mongoose from 'mongoose';
import { PlaylistModel } from './playlist.model.js';
import { listPlaylists } from './playlists.repo.js';
import { everyListedId } from './userPlaylists.repo.js';

/**
 * Migration: lists every playlist that no user list holds (data from builds before the lists
 * existed). Returns how many it listed.
 */
export async function listUnlistedPlaylists(): Promise<number> {
  const [playlists, listed] = await Promise.all([
    PlaylistModel.find().select('_id user').sort({ createdAt: 1, _id: 1 }).lean(),
    everyListedId(),
  ]);
  const missing = new Map<string, mongoose.Types.ObjectId[]>();
  for (const { _id, user } of playlists) {
    if (listed.has(String(_id))) continue;
    const key = String(user);
    missing.set(key, [...(missing.get(key) ?? []), _id]);
  }
  await Promise.all([...missing].map(([userId, ids]) => listPlaylists(userId, ids)));
  return [...missing.values()].reduce((n, ids) => n + ids.length, 0);
}
