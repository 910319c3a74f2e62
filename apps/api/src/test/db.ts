import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectMongoose } from '../db/connection.js';
import { forgetPlayStats } from '../analytics/plays.repo.js';
import { testCatalogues } from './context.js';
import { AppData } from '../db/appData.js';
import { SONG_MODEL } from '../songs/song.model.js';

/**
 * Connects Mongoose to the run's shared server, on a database of this test file's own,
 * and drops it afterwards. Call once at the top level of a test file.
 */
export function useTestDatabase(): { dbName: string } {
  const dbName = `test_${crypto.randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    await connectMongoose(inject('dbUri'), dbName);
  });
  afterAll(async () => {
    if (mongoose.connection.readyState === mongoose.ConnectionStates.connected) {
      await mongoose.connection.dropDatabase().catch(() => undefined);
    }
    await mongoose.disconnect();
  });
  return { dbName };
}

/** Removes every document from every collection (keeps indexes), and this process's read caches (every test context's catalogue). */
export async function clearDatabase(): Promise<void> {
  const collections = await mongoose.connection.db!.collections();
  await Promise.all(collections.map((c) => c.deleteMany({})));
  for (const catalogue of testCatalogues) catalogue.forget();
  forgetPlayStats();
}

/** The songs as stored in the test file's database (Mongoose's default connection), for assertions. */
export const storedSongs = () => new AppData().model(SONG_MODEL);
