import type { AppData } from './appData.js';
import type { Logger } from '../logger.js';

/** One step that brings data written by earlier builds to a newer shape. */
export interface SchemaMigration {
  /** The schema version the data has once this step ran. */
  version: number;
  /** Changes what it must; says what it changed for the log, or null when nothing needed it. */
  run(data: AppData): Promise<string | null>;
}

const META = 'meta';
const SCHEMA = 'schema';

/**
 * Brings data written by earlier builds to the current shape (the highest version among the
 * steps), once: runs the steps newer than the stored version, oldest first, logs what each
 * changed, then stores the version; on the app's data. The steps come from the features (see dataStartup.ts).
 */
export async function migrateData(data: AppData, logger: Logger, migrations: readonly SchemaMigration[]): Promise<void> {
  const target = Math.max(0, ...migrations.map((m) => m.version));
  const meta = data.connection.db!.collection<{ _id: string; version: number }>(META);
  const current = (await meta.findOne({ _id: SCHEMA }))?.version ?? 0;
  if (current >= target) return;
  for (const migration of [...migrations].filter((m) => m.version > current).sort((a, b) => a.version - b.version)) {
    const changed = await migration.run(data);
    if (changed) logger.info(`data migrated to schema ${migration.version}: ${changed}`);
  }
  await meta.updateOne({ _id: SCHEMA }, { $set: { version: target } }, { upsert: true });
}
