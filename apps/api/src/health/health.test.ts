import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestApp } from '../test/context.js';

useTestDatabase();
const { app } = createTestApp();

describe('GET /api/health', () => {
  it('answers ok with the database up', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
  });
});

describe('error handling', () => {
  it('answers unknown API routes with 404 { message }', async () => {
    const res = await request(app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Route not found: GET /api/does-not-exist' });
  });

  it('answers malformed JSON with 400 { message } and no stack', async () => {
    const res = await request(app).post('/api/users').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers oversized JSON with 413 { message }', async () => {
    const res = await request(app)
      .post('/api/users')
      .send({ name: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large' });
  });
});

describe('request log redaction', () => {
  it('hides verification tokens and OAuth values', async () => {
    const { redactUrl } = await import('../app.js');
    expect(redactUrl('/api/users/abc/verify/s3cret')).toBe('/api/users/abc/verify/[redacted]');
    expect(redactUrl('/library?code=xyz&state=1')).toBe('/library?code=[redacted]&state=1');
  });
});
