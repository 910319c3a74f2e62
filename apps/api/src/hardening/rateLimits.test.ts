import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { RATE_LIMITS } from '../http/rateLimit.js';
import { createTestApp, createUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';

useTestDatabase();

/** Sends `count` requests one after the other and returns the statuses. */
async function statuses(count: number, send: (i: number) => request.Test): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) out.push((await send(i)).status);
  return out;
}

function expectLimited(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: API_MESSAGES.tooManyRequests });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['ratelimit-policy']).toBeDefined();
}

describe('rate limits (per client IP)', () => {
  it(`sign-up: ${RATE_LIMITS.signup.limit} per hour, then 429 {message}`, async () => {
    const { app } = createTestApp({ RATE_LIMITS: 'true' });
    const before = await statuses(RATE_LIMITS.signup.limit, (i) =>
      request(app).post(i % 2 ? '/api/users/' : '/api/users').send({}),
    );
    expect(before).not.toContain(429);
    expectLimited(await request(app).post('/api/users').send({ name: 'x' }));
    expectLimited(await request(app).post('/api/users/').send({ name: 'x' }));
    // Other user routes are not counted against sign-up.
    expect((await request(app).get('/api/users')).status).not.toBe(429);
  });

  it(`verification: ${RATE_LIMITS.verify.limit} per 15 minutes, then 429 {message}`, async () => {
    const { app } = createTestApp({ RATE_LIMITS: 'true' });
    const path = (i: number) => `/api/users/0123456789abcdef01234567/verify/${'a'.repeat(20)}${i}`;
    const before = await statuses(RATE_LIMITS.verify.limit, (i) => request(app).get(path(i)));
    expect(before).not.toContain(429);
    expectLimited(await request(app).get(path(999)));
  });

  it(`search: ${RATE_LIMITS.search.limit} per minute, then 429 {message}, counted per client`, async () => {
    const { app } = createTestApp({ RATE_LIMITS: 'true', TRUST_PROXY: 'true' });
    const user = await createUser();
    const search = (ip: string) =>
      request(app).get('/api/search?search=love').set('x-auth-token', user.token).set('X-Forwarded-For', ip);
    const before = await statuses(RATE_LIMITS.search.limit, () => search('203.0.113.7'));
    expect(before).not.toContain(429);
    expectLimited(await search('203.0.113.7'));
    expect((await search('198.51.100.20')).status).not.toBe(429);
  });

  it('is off when RATE_LIMITS=false (benchmarks, load tests)', async () => {
    const { app } = createTestApp({ RATE_LIMITS: 'false' });
    const all = await statuses(RATE_LIMITS.signup.limit + 5, () => request(app).post('/api/users').send({}));
    expect(all).not.toContain(429);
  });
});
