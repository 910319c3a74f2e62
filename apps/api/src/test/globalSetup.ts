import type { TestProject } from 'vitest/node';
import { startDatabase, type Database } from '../db/provider.js';
import { createLogger } from '../logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbUri: string;
    dbEngine: string;
  }
}

let db: Database | undefined;

/** One database server per test run; each test file gets its own database name. */
export async function setup(project: TestProject) {
  db = await startDatabase({
    persistent: false,
    dataDir: '',
    mongodbUri: process.env.MONGODB_URI,
    // info: the one-off FerretDB build announces itself and its duration.
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'info'),
  });
  console.log(`[db] tests run on ${db.engine}`);
  project.provide('dbUri', db.uri);
  project.provide('dbEngine', db.engine);
}

export async function teardown() {
  await db?.stop();
}
