import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { Logger } from '../logger.js';
import { FERRETDB_POOL_SIZE, FERRETDB_VERSION, cacheDir, startFerret } from './ferretdb.js';

export interface Database {
  uri: string;
  /** Human-readable engine name, logged once and printed by tests and benchmarks. */
  engine: string;
  /** The engine's process, when this provider started one (benchmarks read its memory). */
  pid?: number;
  /** The connection pool that suits the engine started here; otherwise found on connecting. */
  maxPoolSize?: number;
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  /** Keep data under dataDir (npm start) or use a throw-away folder (tests). */
  persistent: boolean;
  dataDir: string;
  mongodbUri?: string;
  logger: Logger;
}

const NONE_AVAILABLE =
  'No database available. Set MONGODB_URI to a MongoDB server, or make a mongod binary available ' +
  '(MONGOMS_SYSTEM_BINARY, or let mongodb-memory-server download one), or install Go so that ' +
  `FerretDB ${FERRETDB_VERSION} can be built.`;

/** Remembers a failed mongod download, so offline machines don't retry it (8 s) on every start. */
const DOWNLOAD_FAILED_TTL_MS = 24 * 60 * 60 * 1000;
const downloadFailedStamp = () => path.join(cacheDir(), 'mongod-download-failed');

function downloadFailedRecently(): boolean {
  const stat = fs.statSync(downloadFailedStamp(), { throwIfNoEntry: false });
  return !!stat && Date.now() - stat.mtimeMs < DOWNLOAD_FAILED_TTL_MS;
}

async function tryMongod(opts: DatabaseOptions): Promise<Database> {
  if (!process.env.MONGOMS_SYSTEM_BINARY && downloadFailedRecently()) {
    throw new Error(`no mongod binary; its download failed within 24 h (delete ${downloadFailedStamp()} to retry)`);
  }
  const { MongoBinary, MongoMemoryServer } = await import('mongodb-memory-server-core');
  // Find or download the binary first: a failure here is one error, where a failed
  // MongoMemoryServer start also prints a warning and a stack trace of its own.
  await MongoBinary.getPath().catch((err: unknown) => {
    if (err instanceof Error && /download/i.test(`${err.name} ${err.message}`)) {
      fs.mkdirSync(path.dirname(downloadFailedStamp()), { recursive: true });
      fs.writeFileSync(downloadFailedStamp(), `${new Date().toISOString()} ${err.message.split('\n')[0]}\n`);
    }
    throw err;
  });
  const dbPath = opts.persistent ? path.join(opts.dataDir, 'db') : undefined;
  if (dbPath) fs.mkdirSync(dbPath, { recursive: true });
  process.env.MONGOMS_MAX_RETRIES ??= '1';
  const server = await MongoMemoryServer.create({
    instance: { ip: '127.0.0.1', ...(dbPath ? { dbPath, storageEngine: 'wiredTiger' as const } : {}) },
  });
  const version = server.opts.binary?.version ?? '';
  return {
    uri: server.getUri(),
    engine: `mongod ${version} (mongodb-memory-server)`.replace('  ', ' '),
    stop: async () => {
      await server.stop({ doCleanup: !opts.persistent });
    },
  };
}

async function tryFerret(opts: DatabaseOptions): Promise<Database> {
  const dir = opts.persistent
    ? path.join(opts.dataDir, 'ferretdb')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-ferretdb-'));
  const ferret = await startFerret(dir, opts.logger);
  return {
    uri: ferret.uri,
    engine: `FerretDB ${FERRETDB_VERSION} (SQLite)`,
    pid: ferret.pid,
    maxPoolSize: FERRETDB_POOL_SIZE,
    stop: async () => {
      await ferret.stop();
      if (!opts.persistent) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Picks the first database that works: MONGODB_URI, then a real mongod through
 * mongodb-memory-server, then FerretDB. Logs one line naming the engine.
 */
export async function startDatabase(opts: DatabaseOptions): Promise<Database> {
  const { logger } = opts;
  if (opts.mongodbUri) {
    const db: Database = { uri: opts.mongodbUri, engine: 'MongoDB (MONGODB_URI)', stop: async () => {} };
    logger.info(`database engine: ${db.engine}`);
    return db;
  }
  const failures: string[] = [];
  for (const attempt of [tryMongod, tryFerret]) {
    try {
      const db = await attempt(opts);
      logger.info(`database engine: ${db.engine}`);
      return db;
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
      const name = attempt === tryMongod ? 'mongod' : 'FerretDB';
      failures.push(`${name}: ${reason}`);
      logger.info(`${name} is not available (${reason}); trying the next database option`);
    }
  }
  throw new Error(`${NONE_AVAILABLE} (${failures.join('; ')})`);
}
