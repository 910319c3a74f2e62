import mongoose, { type Schema } from 'mongoose';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { AppData, type ModelDefinition } from './appData.js';
import { connectMongoose } from './connection.js';
import { setSoleWriter } from './engine.js';
import { migrateData, type SchemaMigration } from './migrations.js';
import { startEngine, type StartedEngine } from './startEngine.js';

/** What the features need once the database is connected; the app wires it (dataStartup.ts). */
export interface DataStartup {
  /** Every model the features keep data in: their indexes are built once the database opens. */
  models: readonly ModelDefinition<Schema>[];
  /** Steps that bring older data to the current shape. */
  migrations: readonly SchemaMigration[];
  /** Runs after the migrations, before anything reads. */
  afterOpen(config: Config): void;
}

export interface OpenDatabase {
  /** The app's data: the connection opened, its indexes built and its data migrated. */
  data: AppData;
  /** Human-readable engine name. */
  engine: string;
  close(): Promise<void>;
}

/**
 * Connects what `npm start`, the seed and the admin command use: MONGODB_URI, or the embedded
 * engine under DATA_DIR, locked to this process (see dataDirLock.ts). Builds the models' indexes,
 * migrates old data once, then runs the features' start-up, all on the app's data. `started` is
 * the engine when the caller started it already (startEngine.ts).
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  command: string,
  startup: DataStartup,
  started: Promise<StartedEngine> = startEngine(config, logger, command),
): Promise<OpenDatabase> {
  const { db, release } = await started;
  const data = new AppData();
  try {
    // An engine started here comes with its pool size: no second connection to find it out.
    await connectMongoose(db.uri, config.mongodbDbName, config.mongodbMaxPoolSize ?? db.maxPoolSize);
    await data.createIndexes(startup.models);
    await migrateData(data, logger, startup.migrations);
    startup.afterOpen(config);
    setSoleWriter(!config.mongodbUri);
  } catch (err) {
    await mongoose.disconnect().catch(() => undefined);
    await db.stop();
    release();
    throw err;
  }
  return {
    data,
    engine: db.engine,
    close: async () => {
      await mongoose.disconnect().catch(() => undefined);
      await db.stop();
      release();
    },
  };
}
