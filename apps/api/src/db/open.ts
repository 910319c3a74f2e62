import path from 'node:path';
import mongoose from 'mongoose';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { connectMongoose } from './connection.js';
import { setSoleWriter } from './engine.js';
import { migrateData } from './migrations.js';
import { startEngine, type StartedEngine } from './startEngine.js';
import { persistCatalogueIn } from '../songs/songCatalogue.repo.js';

export interface OpenDatabase {
  /** Human-readable engine name. */
  engine: string;
  close(): Promise<void>;
}

/**
 * Connects what `npm start`, the seed and the admin command use: MONGODB_URI, or the embedded
 * engine under DATA_DIR, locked to this process (see dataDirLock.ts). Migrates old data once.
 * `started` is the engine when the caller started it already (startEngine.ts).
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  command: string,
  started: Promise<StartedEngine> = startEngine(config, logger, command),
): Promise<OpenDatabase> {
  const { db, release } = await started;
  try {
    // An engine started here comes with its pool size: no second connection to find it out.
    await connectMongoose(db.uri, config.mongodbDbName, config.mongodbMaxPoolSize ?? db.maxPoolSize);
    await migrateData(logger);
    persistCatalogueIn(path.join(config.dataDir, 'cache', `catalogue-${config.mongodbDbName}.json.gz`));
    setSoleWriter(!config.mongodbUri);
  } catch (err) {
    await mongoose.disconnect().catch(() => undefined);
    await db.stop();
    release();
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
}
