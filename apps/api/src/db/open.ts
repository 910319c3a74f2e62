import path from 'node:path';
import mongoose from 'mongoose';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { connectMongoose } from './connection.js';
import { setSoleWriter } from './engine.js';
import { lockDataDir } from './dataDirLock.js';
import { migrateData } from './migrations.js';
import { startDatabase } from './provider.js';
import { persistCatalogueIn } from '../songs/songCatalogue.repo.js';

export interface OpenDatabase {
  /** Human-readable engine name. */
  engine: string;
  close(): Promise<void>;
}

/**
 * Connects what `npm start`, the seed and the admin command use: MONGODB_URI, or the embedded
 * engine under DATA_DIR, locked to this process (see dataDirLock.ts). Migrates old data once.
 */
export async function openDatabase(config: Config, logger: Logger, command: string): Promise<OpenDatabase> {
  const release = config.mongodbUri ? () => {} : lockDataDir(config.dataDir, command);
  try {
    const db = await startDatabase({ persistent: true, dataDir: config.dataDir, mongodbUri: config.mongodbUri, logger });
    try {
      await connectMongoose(db.uri, config.mongodbDbName);
      await migrateData(logger);
      persistCatalogueIn(path.join(config.dataDir, 'cache', `catalogue-${config.mongodbDbName}.json`));
      setSoleWriter(!config.mongodbUri);
    } catch (err) {
      await mongoose.disconnect().catch(() => undefined);
      await db.stop();
      throw err;
    }
    return {
      engine: db.engine,
      close: async () => {
        await mongoose.disconnect().catch(() => undefined);
        await db.stop();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
