import crypto from 'node:crypto';
import mongoose, { type Schema } from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectMongoose } from '../db/connection.js';
import { APP_MODELS } from '../appModels.js';
import { testCatalogues, testData } from './context.js';
import { AppData, type ModelDefinition } from '../db/appData.js';
import { SONG_MODEL } from '../songs/song.model.js';

/**
 * Connects Mongoose to the run's shared server, on a database of this test file's own,
 * and drops it afterwards. Call once at the top level of a test file.
 */
export function useTestDatabase(): { dbName: string } {
  const dbName = `test_${crypto.randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    await connectMongoose(inject('dbUri'), dbName);
    await new AppData().createIndexes(APP_MODELS);
  });
  afterAll(async () => {
    if (mongoose.connection.readyState === mongoose.ConnectionStates.connected) {
      await mongoose.connection.dropDatabase().catch(() => undefined);
    }
    await mongoose.disconnect();
  });
  return { dbName };
}

/** Removes every document from every collection (keeps indexes), and this process's read caches (every test context's catalogue and what its data kept). */
export async function clearDatabase(): Promise<void> {
  const collections = await mongoose.connection.db!.collections();
  await Promise.all(collections.map((c) => c.deleteMany({})));
  for (const catalogue of testCatalogues) catalogue.forget();
  for (const data of testData) data.forgetKept();
}

/** A model as stored in the test file's database (Mongoose's default connection), for assertions. */
export const storedModel = <TSchema extends Schema>(definition: ModelDefinition<TSchema>) =>
  new AppData().model(definition);

/** The songs as stored in the test file's database, for assertions. */
export const storedSongs = () => storedModel(SONG_MODEL);
