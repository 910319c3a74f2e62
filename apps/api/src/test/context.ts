import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import type { Connection } from 'mongoose';
import { AppData } from '../db/appData.js';
import { loadConfig } from '../config/config.js';
import type { AppContext } from '../context.js';
import { createLogger, type Logger } from '../logger.js';
import { createAppListener } from '../app.js';
import { createAppContext } from '../composition.js';
import { signToken } from '../auth/jwt.js';
import { insertUser } from '../users/users.repo.js';
import { createAppCatalogue } from '../appCatalogue.js';
import type { Catalogue } from '../songs/catalogue.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Every test context's catalogue: a test that wipes the database drops them all (test/db.ts). */
export const testCatalogues = new Set<Catalogue>();
/** Every test context's data, whose kept parts (read models) a wipe drops too. */
export const testData = new Set<AppData>();

/**
 * A context with test settings: its own temporary DATA_DIR, silent logs, fixed secret, and its
 * own catalogue (not kept on disk unless `snapshotFile` is given).
 */
export interface TestContextOptions {
  snapshotFile?: string;
  /** The app's data connection (default: Mongoose's default connection, the test file's database). */
  connection?: Connection;
  /** Where the app logs (default: at LOG_LEVEL, silent). */
  logger?: Logger;
}

export function createTestContext(
  env: Record<string, string> = {},
  { snapshotFile, connection, logger }: TestContextOptions = {},
): AppContext {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    APP_URL: 'http://localhost:3000',
    ...env,
  });
  const data = new AppData(connection);
  testData.add(data);
  const catalogue = createAppCatalogue({ data, snapshotFile });
  testCatalogues.add(catalogue);
  return createAppContext({ config, logger: logger ?? createLogger(config.logLevel), jwtSecret: TEST_JWT_SECRET, data, catalogue });
}

export function createTestApp(env: Record<string, string> = {}, options: TestContextOptions = {}) {
  const ctx = createTestContext(env, options);
  // `listener` is what the server listens with: the fast paths, then the app (searchFastPath.test.ts compares them).
  const { app, listener } = createAppListener(ctx);
  return { ctx, app, listener };
}

let counter = 0;

export interface TestUser {
  _id: string;
  name: string;
  email: string;
  password: string;
  isAdmin: boolean;
  token: string;
}

/**
 * Inserts a verified user straight into the database and signs a token for them: into `data`,
 * else the test file's database (Mongoose's default connection).
 */
export async function createUser(
  opts: { admin?: boolean; verified?: boolean; name?: string; email?: string; password?: string } = {},
  data: AppData = new AppData(),
): Promise<TestUser> {
  counter += 1;
  const password = opts.password ?? 'Passw0rd!x';
  const name = opts.name ?? `Listener${counter}`;
  const email = opts.email ?? `user${counter}.${Date.now()}@example.com`;
  const doc = await insertUser(data, {
    name,
    email,
    password: await bcrypt.hash(password, 4),
    gender: 'female',
    verified: opts.verified ?? true,
    isAdmin: opts.admin ?? false,
  });
  const _id = doc._id;
  const isAdmin = doc.isAdmin;
  return { _id, name, email: doc.email, password, isAdmin, token: signToken({ _id, name, isAdmin }, TEST_JWT_SECRET, '1h') };
}
