import express, { type Express } from 'express';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createTestContext, createUser, TEST_JWT_SECRET } from '../test/context.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { errorHandler } from '../http/errors.js';
import { USER_MODEL } from '../users/user.model.js';
import { RESEND_INTERVAL_MS } from '../users/accounts.service.js';
import { VERIFICATION_TOKEN_MODEL } from '../users/verificationToken.model.js';
import { authRouter } from './auth.routes.js';
import { verifyToken } from './jwt.js';
import { createLoginThrottle, LOGIN_LIMITS } from './loginThrottle.js';

const UserModel = storedModel(USER_MODEL);
const VerificationTokenModel = storedModel(VERIFICATION_TOKEN_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp({ JWT_EXPIRES_IN: '2h' });

describe('POST /api/login', () => {
  it('answers 200 {authToken, data, message} with the user record and a JWT carrying _id, name, isAdmin and the token version', async () => {
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
      v: 0,
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

describe('passwords past the 72 bytes bcrypt reads', () => {
  it('logs in with a 72-byte password, and refuses it with anything appended', async () => {
    const password = 'Aa1' + '€'.repeat(23); // 26 characters, 72 bytes: the widest the rules allow
    const user = await createUser({ password });
    const login = (p: string) => request(app).post('/api/login').send({ email: user.email, password: p });
    expect((await login(password)).status).toBe(200);
    for (const suffix of ['x', '€', 'anything at all']) {
      const res = await login(password + suffix);
      expect(res.status, suffix).toBe(401);
      expect(res.body).toEqual({ message: API_MESSAGES.invalidCredentials });
    }
  });
});

describe('login throttling', () => {
  const proxiedApp = () => createTestApp({ TRUST_PROXY: 'true' }).app;
  const attempt = (target: Express, ip: string, email: string, password: string) =>
    request(target).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

  it('refuses an (email, address) pair after 5 consecutive failures, for 15 minutes; the owner gets in from another address', async () => {
    const target = proxiedApp();
    const user = await createUser();
    for (let i = 1; i <= 5; i += 1) {
      expect((await attempt(target, '203.0.113.1', user.email, `Wr0ng!pass${i}`)).status, `attempt ${i}`).toBe(401);
    }
    const blocked = await attempt(target, '203.0.113.1', user.email.toUpperCase(), user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: API_MESSAGES.tooManyLogins });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The lockout case: the account itself is not locked.
    expect((await attempt(target, '198.51.100.7', user.email, user.password)).status).toBe(200);
  });

  it('clears a pair on success: only consecutive failures count', async () => {
    const target = proxiedApp();
    const user = await createUser();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) await attempt(target, '203.0.113.2', user.email, 'Wr0ng!pass').expect(401);
      await attempt(target, '203.0.113.2', user.email, user.password).expect(200);
    }
  });

  it('refuses an address after 20 failures across emails', async () => {
    const target = proxiedApp();
    for (let i = 1; i <= 20; i += 1) {
      expect((await attempt(target, '203.0.113.3', `ghost${i}@example.com`, 'Wr0ng!pass')).status, `attempt ${i}`).toBe(401);
    }
    const user = await createUser();
    const blocked = await attempt(target, '203.0.113.3', user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: API_MESSAGES.tooManyLogins });
    expect((await attempt(target, '203.0.113.4', user.email, user.password)).status).toBe(200);
  });

  it('slows an account that many addresses attack, and still lets its owner in', async () => {
    const target = proxiedApp();
    const user = await createUser();
    // 12 failures from 12 addresses: none of them trips its own limits.
    for (let i = 1; i <= 12; i += 1) await attempt(target, `198.51.100.${i}`, user.email, 'Wr0ng!pass').expect(401);
    const started = Date.now();
    const owner = await attempt(target, '192.0.2.50', user.email, user.password);
    expect(owner.status).toBe(200);
    // 2 failures past the 10 free ones: about 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('lets a pair try again once its window has passed', async () => {
    const c = createTestContext();
    const throttle = createLoginThrottle({
      ...LOGIN_LIMITS,
      pair: { failures: 2, windowSec: 1, blockSec: 1 },
    });
    const mini = express()
      .use(express.json())
      .use('/api/login', authRouter(c, { throttle }))
      .use(errorHandler(c.logger));
    const user = await createUser();
    for (let i = 0; i < 2; i += 1) {
      await request(mini).post('/api/login').send({ email: user.email, password: 'Wr0ng!pass' }).expect(401);
    }
    await request(mini).post('/api/login').send({ email: user.email, password: user.password }).expect(429);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await request(mini).post('/api/login').send({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(user._id);
  });

  it('does not count successful or unverified logins as failures', async () => {
    const { app: fresh } = createTestApp();
    const user = await createUser();
    const pending = await createUser({ verified: false });
    for (let i = 0; i < 12; i += 1) {
      await request(fresh).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      await request(fresh).post('/api/login').send({ email: pending.email, password: pending.password }).expect(401);
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
