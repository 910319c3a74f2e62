import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { TEST_JWT_SECRET, createTestApp } from '../test/context.js';
import { signToken } from '../auth/jwt.js';

useTestDatabase();
const { app } = createTestApp();

describe('GET /api/health without a database', () => {
  it('answers 503 with db down, and a catalogue call answers 503 { message }', async () => {
    await mongoose.connection.close();
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ db: 'down' });
    const token = signToken({ _id: new mongoose.Types.ObjectId().toString(), name: 'A', isAdmin: true }, TEST_JWT_SECRET, '1h');
    const users = await request(app).get('/api/users').set('x-auth-token', token);
    expect(users.status).toBe(503);
    expect(users.body).toEqual({ message: 'Service temporarily unavailable. Please try again shortly.' });
  });
});
