import mongoose from 'mongoose';
import { describe, expect, it, inject } from 'vitest';
import { createLogger } from '../logger.js';
import { startDatabase } from './provider.js';

describe('database provider', () => {
  it('uses MONGODB_URI first, as is', async () => {
    const uri = inject('dbUri');
    const db = await startDatabase({ persistent: false, dataDir: '', mongodbUri: uri, logger: createLogger('silent') });
    expect(db).toMatchObject({ uri, engine: 'MongoDB (MONGODB_URI)' });
    const conn = await mongoose.createConnection(db.uri, { dbName: 'provider_test' }).asPromise();
    expect((await conn.db!.admin().command({ ping: 1 })).ok).toBe(1);
    await conn.close();
    await db.stop();
  });

  it('names the engine the test run uses', () => {
    expect(inject('dbEngine')).toMatch(/^(MongoDB \(MONGODB_URI\)|mongod .*|FerretDB v1\.24\.2 \(SQLite\))$/);
  });
});
