import mongoose from 'mongoose';
import { detectEngine } from './engine.js';
import { FERRETDB_POOL_SIZE } from './ferretdb.js';

/** Connections to the server: MongoDB serves many queries at once (FerretDB: ferretdb.ts). */
export const POOL_SIZE = { mongodb: 50, ferretdb: FERRETDB_POOL_SIZE } as const;

/**
 * Connects the shared Mongoose connection. Commands fail fast (instead of buffering for 10 s)
 * while the server is unreachable, so the API can answer 503 and recover by itself. Without a
 * `maxPoolSize`, the pool is sized for the engine found (reconnecting once when it is FerretDB).
 */
export async function connectMongoose(uri: string, dbName: string, maxPoolSize?: number): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  mongoose.set('bufferCommands', false);
  const connect = (poolSize: number) =>
    mongoose.connect(uri, {
      dbName,
      serverSelectionTimeoutMS: 5000,
      heartbeatFrequencyMS: 2000,
      maxPoolSize: poolSize,
      autoIndex: false,
    });
  await connect(maxPoolSize ?? POOL_SIZE.mongodb);
  if (maxPoolSize === undefined && (await detectEngine()).name === 'ferretdb') {
    await mongoose.disconnect();
    await connect(POOL_SIZE.ferretdb);
  }
  await detectEngine();
  return mongoose;
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

export function isDbConnected(): boolean {
  return mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

/** A real round trip to the server, bounded in time. */
export async function pingDb(timeoutMs = 2000): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) return false;
  try {
    await Promise.race([
      db.admin().command({ ping: 1 }),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), timeoutMs)),
    ]);
    return true;
  } catch {
    return false;
  }
}
