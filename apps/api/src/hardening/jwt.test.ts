import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { requireAuth } from '../auth/middleware.js';
import { signToken, verifyToken } from '../auth/jwt.js';
import { errorHandler } from '../http/errors.js';
import { createTestContext, createUser, TEST_JWT_SECRET } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { forgedTokens } from '../test/tokens.js';

useTestDatabase();
const ctx = createTestContext();

/** The real requireAuth and error handler in front of a route that echoes who passed. */
const guarded = express()
  .get('/me', requireAuth(ctx), (req, res) => {
    res.json({ user: req.user });
  })
  .use(errorHandler(ctx.logger));

describe('JWT algorithm pinned to HS256', () => {
  it('accepts our own HS256 tokens', async () => {
    const user = await createUser();
    const res = await request(guarded).get('/me').set('x-auth-token', user.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ _id: user._id, name: user.name, isAdmin: false });
  });

  it('refuses alg none, HS512, RS256, other-secret, expired, tampered and garbage tokens', async () => {
    const user = await createUser();
    const forged = forgedTokens(user._id, user.name);
    for (const [kind, token] of Object.entries(forged)) {
      expect(verifyToken(token, TEST_JWT_SECRET), kind).toBeNull();
      const res = await request(guarded).get('/me').set('x-auth-token', token);
      expect(res.status, kind).toBe(401);
      expect(res.body, kind).toEqual({ message: API_MESSAGES.invalidToken });
    }
  });

  it('refuses a missing token, and a valid token of a user that no longer exists', async () => {
    const none = await request(guarded).get('/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: API_MESSAGES.noToken });
    const ghost = signToken({ _id: '0123456789abcdef01234567', name: 'Ghost', isAdmin: true }, TEST_JWT_SECRET, '1h');
    const res = await request(guarded).get('/me').set('x-auth-token', ghost);
    expect(res.status).toBe(401);
  });

  it('signs with HS256 only', () => {
    const token = signToken({ _id: '0123456789abcdef01234567', name: 'A', isAdmin: false }, TEST_JWT_SECRET, '60');
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });
});

describe('verified tokens kept in memory', () => {
  it('still expire: a token verified once is refused after its expiry', async () => {
    const user = await createUser();
    const token = signToken({ _id: user._id, name: user.name, isAdmin: false }, TEST_JWT_SECRET, '1');
    expect(verifyToken(token, TEST_JWT_SECRET)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(verifyToken(token, TEST_JWT_SECRET)).toBeNull();
    expect((await request(guarded).get('/me').set('x-auth-token', token)).status).toBe(401);
  });

  it('are kept per secret: a token is not taken as verified under another secret', () => {
    const token = signToken({ _id: '0'.repeat(24), name: 'A', isAdmin: false }, TEST_JWT_SECRET, '1h');
    expect(verifyToken(token, TEST_JWT_SECRET)).not.toBeNull();
    expect(verifyToken(token, `${TEST_JWT_SECRET}-other`)).toBeNull();
  });
});
