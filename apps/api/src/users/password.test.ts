import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, PASSWORD_MESSAGES } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createTestContext, createUser, type TestUser } from '../test/context.js';
import { readOutbox } from '../test/mailbox.js';
import { errorHandler } from '../http/errors.js';
import { PASSWORD_RESET_SUBJECT } from '../mail/passwordResetMail.js';
import { passwordRouter } from './password.routes.js';
import { RESET_TTL_MS } from './password.service.js';

useTestDatabase();
const { app, ctx } = createTestApp();
const NEW_PASSWORD = 'N3w!Passw0rd';

const likedIds = (token: string) => request(app).get('/api/songs/like/ids').set('x-auth-token', token);
const login = (user: TestUser, password: string) =>
  request(app).post('/api/login').send({ email: user.email, password });

describe('PUT /api/account/password', () => {
  it('changes the password with the current one, ends every other session and keeps this one', async () => {
    const user = await createUser();
    const otherSession = (await login(user, user.password)).body.authToken as string;
    const res = await request(app)
      .put('/api/account/password')
      .set('x-auth-token', user.token)
      .send({ currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PASSWORD_MESSAGES.changed);
    // Old tokens: 401. The fresh one works.
    for (const old of [user.token, otherSession]) {
      const refused = await likedIds(old);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: API_MESSAGES.invalidToken });
    }
    expect((await likedIds(res.body.authToken)).status).toBe(200);
    expect((await login(user, user.password)).status).toBe(401);
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password and a new one that breaks the rules, changing nothing', async () => {
    const user = await createUser();
    const wrong = await request(app)
      .put('/api/account/password')
      .set('x-auth-token', user.token)
      .send({ currentPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: PASSWORD_MESSAGES.wrongCurrent });
    const weak = await request(app)
      .put('/api/account/password')
      .set('x-auth-token', user.token)
      .send({ currentPassword: user.password, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('"Password" should be at least 8 characters long');
    expect((await likedIds(user.token)).status).toBe(200);
    expect((await login(user, user.password)).status).toBe(200);
    expect((await request(app).put('/api/account/password').send({})).status).toBe(401);
  });
});

describe('forgot and reset', () => {
  const resetLinkIn = (text: string | undefined) =>
    /\/reset-password\/([0-9a-f]{24})\/([0-9a-f]{64})/.exec(text ?? '')?.slice(1) as [string, string] | undefined;

  it('mails a single-use link through the outbox; it sets a new password and ends every session', async () => {
    const user = await createUser();
    const before = (await readOutbox(ctx.config.mail.outboxDir)).length;
    const asked = await request(app).post('/api/account/password/forgot').send({ email: ` ${user.email.toUpperCase()} ` });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
    const mails = await readOutbox(ctx.config.mail.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!.parsed;
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    const [userId, token] = resetLinkIn(mail.text)!;
    expect(userId).toBe(user._id);

    const reset = await request(app).post('/api/account/password/reset').send({ userId, token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: PASSWORD_MESSAGES.resetDone });
    expect((await likedIds(user.token)).status).toBe(401);
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);

    const again = await request(app).post('/api/account/password/reset').send({ userId, token, password: 'An0ther!pass' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: PASSWORD_MESSAGES.invalidResetLink });
  });

  it('answers an unknown or unverified email the same way, and mails nothing', async () => {
    const pending = await createUser({ verified: false });
    const before = (await readOutbox(ctx.config.mail.outboxDir)).length;
    for (const email of ['nobody@example.com', pending.email]) {
      const res = await request(app).post('/api/account/password/forgot').send({ email });
      expect(res.body).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
    }
    expect(await readOutbox(ctx.config.mail.outboxDir)).toHaveLength(before);
  });

  it('refuses a link after its hour, and malformed input, with 400', async () => {
    let t = Date.now();
    const c = createTestContext();
    const mini = express().use(express.json()).use('/p', passwordRouter(c, { now: () => t })).use(errorHandler(c.logger));
    const user = await createUser();
    await request(mini).post('/p/forgot').send({ email: user.email }).expect(200);
    const [userId, token] = resetLinkIn((await readOutbox(c.config.mail.outboxDir)).at(-1)!.parsed.text)!;
    t += RESET_TTL_MS + 1000;
    const late = await request(mini).post('/p/reset').send({ userId, token, password: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: PASSWORD_MESSAGES.invalidResetLink });
    for (const body of [{}, { userId, token: 'x', password: NEW_PASSWORD }, { userId, token, password: 'weak' }]) {
      expect((await request(mini).post('/p/reset').send(body)).status).toBe(400);
    }
    expect((await login(user, user.password)).status).toBe(200);
  });
});
