import mongoose from 'mongoose';
import type { Logger } from '../logger.js';
import { rekeyLegacyLikes } from '../likes/likes.repo.js';
import { listUnlistedPlaylists } from '../playlists/playlists.repo.js';

/** Bumped whenever a migration is added below. */
const SCHEMA_VERSION = 2;
const META = 'meta';
const SCHEMA = 'schema';

/**
 * Brings data written by earlier builds to the current shape, once: version 2 keys every like
 * by `userId:songId` and lists every playlist in its owner's playlist list. Logs what it changed.
 */
export async function migrateData(logger: Logger): Promise<void> {
  const meta = mongoose.connection.db!.collection<{ _id: string; version: number }>(META);
  const current = (await meta.findOne({ _id: SCHEMA }))?.version ?? 0;
  if (current >= SCHEMA_VERSION) return;
  const likes = await rekeyLegacyLikes();
  const playlists = await listUnlistedPlaylists();
  if (likes || playlists) {
    logger.info(`data migrated to schema ${SCHEMA_VERSION}: ${likes} likes re-keyed, ${playlists} playlists listed`);
  }
  await meta.updateOne({ _id: SCHEMA }, { $set: { version: SCHEMA_VERSION } }, { upsert: true });
}
