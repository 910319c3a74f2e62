import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { lockDataDir } from './dataDirLock.js';
import { startDatabase, type Database } from './provider.js';

/** The database engine, started (or MONGODB_URI named), with the data folder locked to this process. */
export interface StartedEngine {
  db: Database;
  release(): void;
}

/**
 * Locks DATA_DIR and starts the engine. Light on imports on purpose: `npm start` runs it before
 * loading mongoose and the app (half a second of module loading), so FerretDB starts meanwhile.
 */
export async function startEngine(config: Config, logger: Logger, command: string): Promise<StartedEngine> {
  const release = config.mongodbUri ? () => {} : lockDataDir(config.dataDir, command);
  try {
    const db = await startDatabase({ persistent: true, dataDir: config.dataDir, mongodbUri: config.mongodbUri, logger });
    return { db, release };
  } catch (err) {
    release();
    throw err;
  }
}
