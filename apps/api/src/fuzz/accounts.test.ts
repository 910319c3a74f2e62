import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { fuzzRoute, JSON_HEADERS, type FuzzRequest } from '../test/fuzz.js';
import { listenApp, type ListeningApp } from '../test/listen.js';

useTestDatabase();
const { app } = createTestApp();
let server: ListeningApp;
let listener: TestUser;
let unverified: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await listenApp(app);
  [listener, unverified, admin] = await Promise.all([
    createUser(),
    createUser({ verified: false }),
    createUser({ admin: true }),
  ]);
});
afterAll(() => server.close());

const NEWCOMER = { name: 'Newcomer', email: 'newcomer@example.com', password: 'Str0ng!Pass', gender: 'female' };

describe('fuzz: account routes (≥ 200 malformed requests each)', () => {
  it('POST /api/users (sign-up)', async () => {
    await fuzzRoute(server.url, {
      method: 'POST',
      path: () => '/api/users',
      body: NEWCOMER,
      fields: ['name', 'email', 'password', 'gender'],
      extra: fc
        .constantFrom(
          { ...NEWCOMER, email: listener.email },
          { ...NEWCOMER, email: listener.email.toUpperCase() },
          { ...NEWCOMER, password: 'weakpassword' },
          { ...NEWCOMER, gender: 'robot' },
          { ...NEWCOMER, name: 'abc' },
          { ...NEWCOMER, email: 'not-an-email' },
        )
        .map((body): FuzzRequest => ({
          method: 'POST',
          path: '/api/users',
          headers: JSON_HEADERS,
          body: JSON.stringify(body),
          fault: `invalid or taken ${JSON.stringify(body)}`,
        })),
    });
  });

  it('GET /api/users/:id/verify/:token', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: ({ id, token }) => `/api/users/${id}/verify/${token}`,
      ids: { id: unverified._id, token: 'ab'.repeat(32) },
      extra: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }).map((token): FuzzRequest => ({
        method: 'GET',
        path: `/api/users/${unverified._id}/verify/${token}`,
        fault: 'wrong token',
      })),
    });
  });

  it('POST /api/login', async () => {
    await fuzzRoute(server.url, {
      method: 'POST',
      path: () => '/api/login',
      body: { email: listener.email, password: listener.password },
      fields: ['email', 'password'],
      extra: fc
        .constantFrom(
          { email: { $gt: '' }, password: { $gt: '' } },
          { email: listener.email, password: { $ne: null } },
          { email: { $regex: '.*' }, password: listener.password },
          { email: listener.email, password: 'Wrong!Passw0rd' },
          { email: unverified.email, password: 'Wrong!Passw0rd' },
          { email: 'nobody@example.com', password: listener.password },
        )
        .map((body): FuzzRequest => ({
          method: 'POST',
          path: '/api/login',
          headers: JSON_HEADERS,
          body: JSON.stringify(body),
          fault: `bad credentials ${JSON.stringify(body)}`,
        })),
    });
  });

  it('GET /api/users (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/api/users',
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
    });
  });

  it('DELETE /api/users/:id (admin)', async () => {
    await fuzzRoute(server.url, {
      method: 'DELETE',
      path: ({ id }) => `/api/users/${id}`,
      ids: { id: listener._id },
      token: admin.token,
      wrongUserToken: unverified.token,
      forgedFor: admin._id,
      extra: fc
        .constantFrom(admin._id, '0123456789abcdef01234567')
        .map((id): FuzzRequest => ({
          method: 'DELETE',
          path: `/api/users/${id}`,
          headers: { 'x-auth-token': admin.token },
          fault: id === admin._id ? 'deleting oneself' : 'no such user',
        })),
    });
  });
});
