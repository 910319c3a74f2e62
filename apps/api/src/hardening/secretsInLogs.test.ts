import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createLogger } from '../logger.js';
import { createTestContext, createUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { findVerificationLink, startSmtpServer, type TestSmtpServer } from '../test/mailbox.js';

useTestDatabase();

/** Everything the app logs at the most verbose level, as one string. */
const logged: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'samaa', pass: 'smtp-secret-Pa55word' });
});
afterAll(() => smtp.close());

describe('no secrets in logs', () => {
  it('logs neither passwords, tokens, x-auth-token values, hashes nor the SMTP password', async () => {
    const ctx = createTestContext({ SMTP_URL: smtp.url, LOG_LEVEL: 'trace' }, { logger: createLogger('trace', capture) });
    const app = createApp(ctx);

    const password = 'Sup3r!Secret#Pw';
    const wrongPassword = 'Wr0ng!Guess#Pw';
    const email = 'logcheck@example.com';

    // Registration, then the mailed verification link.
    const registered = await request(app).post('/api/users').send({ name: 'Log Check', email, password, gender: 'female' });
    expect(registered.status).toBe(200);
    const link = findVerificationLink((await smtp.next()).parsed.text);
    expect(link).toBeDefined();
    const verifyPath = new URL(link!).pathname.replace(/^\/users/, '/api/users');
    const verificationToken = verifyPath.split('/').at(-1)!;
    expect((await request(app).get(verifyPath)).status).toBe(200);

    // A failed and a successful login, then signed-in calls (one of them refused).
    expect((await request(app).post('/api/login').send({ email, password: wrongPassword })).status).toBe(401);
    const login = await request(app).post('/api/login').send({ email, password });
    expect(login.status).toBe(200);
    const jwt = login.body.authToken as string;
    expect((await request(app).get('/api/playlists/user-playlists').set('x-auth-token', jwt)).status).toBe(200);
    expect((await request(app).get('/api/users').set('x-auth-token', jwt)).status).toBe(403);
    expect((await request(app).get('/api/playlists/not-an-id').set('x-auth-token', jwt)).status).toBe(400);
    const admin = await createUser({ admin: true });
    expect((await request(app).get('/api/users').set('x-auth-token', admin.token)).status).toBe(200);
    // Secrets in a malformed body and in a query string.
    await request(app).post('/api/login').set('Content-Type', 'application/json').send(`{"email":"${email}","password":"${password}"`);
    await request(app).get(`/api/songs?token=${jwt}`);

    const text = logged.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('/api/login'); // request logs were written
    for (const [what, secret] of Object.entries({
      password,
      wrongPassword,
      jwt,
      jwtSignature: jwt.split('.')[2]!,
      adminToken: admin.token,
      verificationToken,
      smtpPassword: 'smtp-secret-Pa55word',
    })) {
      expect(text, `${what} appears in the logs`).not.toContain(secret);
    }
    expect(text).not.toMatch(/\$2[aby]\$\d\d\$/);
  });
});
