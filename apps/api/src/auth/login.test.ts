import express from 'express';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createTestContext, createUser, TEST_JWT_SECRET } from '../test/context.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { errorHandler } from '../http/errors.js';
import { UserModel } from '../users/user.model.js';
import { RESEND_INTERVAL_MS } from '../users/accounts.service.js';
import { VerificationTokenModel } from '../users/verificationToken.model.js';
import { authRouter } from './auth.routes.js';
import { verifyToken } from './jwt.js';
import { LoginGuard } from './loginGuard.js';

useTestDatabase();
const { app, ctx } = createTestApp({ JWT_EXPIRES_IN: '2h' });

describe('POST /api/login', () => {
  it('answers 200 {authToken, data, message} with the user record and a JWT carrying _id, name, isAdmin', async () => {
    const user = await createUser({ name: 'Login Tester', email: 'login.tester@example.com' });
    const res = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['authToken', 'data', 'message']);
    expect(res.body.message).toBe(API_MESSAGES.loggedIn);
    const record = await UserModel.findById(user._id).lean();
    expect(res.body.data).toEqual({
      _id: user._id,
      name: 'Login Tester',
      email: 'login.tester@example.com',
      gender: 'female',
      verified: true,
      createdAt: record!.createdAt.toISOString(),
      isAdmin: false,
    });
    expect(verifyToken(res.body.authToken, TEST_JWT_SECRET)).toEqual({
      _id: user._id,
      name: 'Login Tester',
      isAdmin: false,
    });
    const claims = jwt.decode(res.body.authToken) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
    // The token opens authenticated routes.
    const me = await request(app).get('/api/users').set('x-auth-token', res.body.authToken);
    expect(me.status).toBe(403);
  });

  it('logs an admin in with data.isAdmin true, at /api/login/ too, whatever the email case and spaces', async () => {
    const admin = await createUser({ admin: true, email: 'boss@example.com' });
    const res = await request(app)
      .post('/api/login/')
      .send({ email: '  BOSS@Example.com ', password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.data.isAdmin).toBe(true);
    expect(verifyToken(res.body.authToken, TEST_JWT_SECRET)?.isAdmin).toBe(true);
    await request(app).get('/api/users').set('x-auth-token', res.body.authToken).expect(200);
  });

  it('answers 401 with one identical message for an unknown email and a wrong password', async () => {
    const user = await createUser();
    const unknown = await request(app)
      .post('/api/login')
      .send({ email: 'nobody@example.com', password: user.password });
    const wrong = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: 'Wr0ng!password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ message: API_MESSAGES.invalidCredentials });
    expect(wrong.body).toEqual(unknown.body);
  });

  it.each([[{}], [{ email: 'a@b.com' }], [{ password: 'x' }], [{ email: '', password: '' }]])(
    'answers 400 when a field is missing: %j',
    async (body) => {
      const res = await request(app).post('/api/login').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Email and password are required' });
    },
  );

  it('refuses an unverified user with 401, mailing a fresh link at most once per 10 minutes', async () => {
    const user = await createUser({ verified: false, email: 'unverified@example.com' });
    const outbox = ctx.config.mail.outboxDir;
    const mailsTo = async () =>
      (await readOutbox(outbox)).filter((m) => m.parsed.to?.[0]?.address === user.email);

    const first = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(first.status).toBe(401);
    expect(first.body).toEqual({ message: API_MESSAGES.verifyFirst });
    expect(await mailsTo()).toHaveLength(1);
    expect(await VerificationTokenModel.countDocuments({ user: user._id })).toBe(1);

    const second = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(second.status).toBe(401);
    expect(second.body).toEqual({ message: API_MESSAGES.verifyFirstRecent });
    expect(await mailsTo()).toHaveLength(1);

    // Ten minutes later a new mail goes out.
    await UserModel.updateOne(
      { _id: user._id },
      { $set: { verificationSentAt: new Date(Date.now() - RESEND_INTERVAL_MS - 1000) } },
    );
    const third = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(third.body).toEqual({ message: API_MESSAGES.verifyFirst });
    const mails = await mailsTo();
    expect(mails).toHaveLength(2);

    // A wrong password for an unverified user is just a wrong password (and sends nothing).
    const wrong = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: 'Wr0ng!password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: API_MESSAGES.invalidCredentials });
    expect(await mailsTo()).toHaveLength(2);

    // The newest link verifies; then login works.
    const link = findVerificationLink(mails[1]!.parsed.text)!;
    await request(app)
      .get(`/api${new URL(link).pathname}`)
      .expect(200);
    const ok = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.verified).toBe(true);
  });

  it('uses the injected clock for the resend interval', async () => {
    let t = Date.now();
    const c = createTestContext();
    const mini = express()
      .use(express.json())
      .use('/api/login', authRouter(c, { now: () => t }))
      .use(errorHandler(c.logger));
    const user = await createUser({ verified: false });
    const login = () =>
      request(mini).post('/api/login').send({ email: user.email, password: user.password });
    expect((await login()).body.message).toBe(API_MESSAGES.verifyFirst);
    t += RESEND_INTERVAL_MS - 1000;
    expect((await login()).body.message).toBe(API_MESSAGES.verifyFirstRecent);
    t += 1000;
    expect((await login()).body.message).toBe(API_MESSAGES.verifyFirst);
    expect((await readOutbox(c.config.mail.outboxDir)).length).toBe(2);
  });
});

describe('brute-force guard', () => {
  it('answers 429 after more than 10 failed logins for one email, even with the right password', async () => {
    // Each attempt comes from its own address, so only the per-email count can trip.
    const { app: proxied } = createTestApp({ TRUST_PROXY: 'true' });
    const user = await createUser();
    for (let i = 1; i <= 10; i += 1) {
      const res = await request(proxied)
        .post('/api/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ email: user.email, password: `Wr0ng!pass${i}` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await request(proxied)
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.99')
      .send({ email: user.email.toUpperCase(), password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: API_MESSAGES.tooManyLogins });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Other accounts are not affected.
    const other = await createUser();
    await request(proxied)
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.99')
      .send({ email: other.email, password: other.password })
      .expect(200);
  });

  it('answers 429 after more than 10 failed logins from one IP, across emails', async () => {
    const { app: fresh } = createTestApp();
    for (let i = 1; i <= 10; i += 1) {
      const res = await request(fresh)
        .post('/api/login')
        .send({ email: `ghost${i}@example.com`, password: 'Wr0ng!pass' });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const user = await createUser();
    const blocked = await request(fresh)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: API_MESSAGES.tooManyLogins });
  });

  it('lets attempts through again once the 15-minute window has passed (injected clock)', async () => {
    let t = Date.now();
    const c = createTestContext();
    const guard = new LoginGuard({ now: () => t });
    const mini = express()
      .use(express.json())
      .use('/api/login', authRouter(c, { guard }))
      .use(errorHandler(c.logger));
    const user = await createUser();
    for (let i = 0; i < 10; i += 1) {
      await request(mini)
        .post('/api/login')
        .send({ email: user.email, password: 'Wr0ng!pass' })
        .expect(401);
      t += 1000;
    }
    await request(mini)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(429);
    t += 14 * 60 * 1000;
    await request(mini)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(429);
    t += 60 * 1000;
    const res = await request(mini)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(user._id);
  });

  it('does not count successful or unverified logins as failures', async () => {
    const { app: fresh } = createTestApp();
    const user = await createUser();
    const pending = await createUser({ verified: false });
    for (let i = 0; i < 12; i += 1) {
      await request(fresh)
        .post('/api/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      await request(fresh)
        .post('/api/login')
        .send({ email: pending.email, password: pending.password })
        .expect(401);
    }
  });
});

describe('auth middleware', () => {
  it('answers 401 for a token whose user id is not an ObjectId', async () => {
    const token = jwt.sign({ _id: 'not-an-id', name: 'x', isAdmin: true }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
    });
    const res = await request(app).get('/api/users').set('x-auth-token', token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: API_MESSAGES.invalidToken });
  });

  it('refuses unsigned (alg none) tokens', async () => {
    const id = new mongoose.Types.ObjectId().toHexString();
    const token = jwt.sign({ _id: id, name: 'x', isAdmin: true }, '', { algorithm: 'none' });
    const res = await request(app).get('/api/users').set('x-auth-token', token);
    expect(res.status).toBe(401);
  });
});
