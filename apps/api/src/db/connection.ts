import mongoose from 'mongoose';
import { detectEngine } from './engine.js';

/**
 * Connects the shared Mongoose connection. Commands fail fast (instead of buffering for 10 s)
 * while the server is unreachable, so the API can answer 503 and recover by itself.
 */
export async function connectMongoose(uri: string, dbName: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  mongoose.set('bufferCommands', false);
  await mongoose.connect(uri, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    heartbeatFrequencyMS: 2000,
    maxPoolSize: 50,
    autoIndex: false,
  });
  // Indexes are built once here, for every model registered so far (never dropped).
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
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
