import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, MESSAGES } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createTestContext } from '../test/context.js';
import {
  findVerificationLink,
  readOutbox,
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../test/mailbox.js';
import { pino } from 'pino';
import { createApp } from '../app.js';
import { createMailer } from './mailer.js';
import { verificationLink, verificationMail } from './verificationMail.js';

useTestDatabase();

const APP_URL = 'https://samaa.example.org';

/** Follows the mailed link the way the SPA does: its path, under /api. */
async function followLinkAndLogIn(
  app: Parameters<typeof request>[0],
  mail: ReceivedMail,
  email: string,
  password: string,
) {
  const link = findVerificationLink(mail.parsed.text);
  expect(link, 'link in the text part').toBeDefined();
  expect(link!.startsWith(`${APP_URL}/users/`)).toBe(true);
  expect(mail.parsed.html).toContain(`href="${link}"`);

  const before = await request(app).post('/api/login').send({ email, password });
  expect(before.status).toBe(401);
  expect(before.body).toEqual({ message: API_MESSAGES.verifyFirstRecent });

  const verified = await request(app).get(`/api${new URL(link!).pathname}`);
  expect(verified.status).toBe(200);
  expect(verified.body).toEqual({ message: MESSAGES.emailVerified });

  const login = await request(app).post('/api/login').send({ email, password });
  expect(login.status).toBe(200);
  expect(login.body.data).toMatchObject({ email, verified: true, isAdmin: false });
  expect(typeof login.body.authToken).toBe('string');
}

describe('registration over a real SMTP server (SMTP_URL)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the verification mail over SMTP; its link verifies the account, which can then log in', async () => {
    const { app, ctx } = createTestApp({
      SMTP_URL: smtp.url,
      APP_URL,
      MAIL_FROM: 'Samaa <verify@samaa.example.org>',
    });
    const password = 'Smtp!Test99';
    const res = await request(app)
      .post('/api/users')
      .send({
        name: 'Smtp Person',
        email: 'Smtp.Person@Example.com',
        password,
        gender: 'non-binary',
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: API_MESSAGES.registered });

    const mail = await smtp.next();
    expect(mail.authUser).toBe('samaa');
    expect(mail.mailFrom).toBe('verify@samaa.example.org');
    expect(mail.rcptTo).toEqual(['smtp.person@example.com']);
    expect(mail.parsed.from).toMatchObject({ name: 'Samaa', address: 'verify@samaa.example.org' });
    expect(mail.parsed.to?.[0]).toMatchObject({
      name: 'Smtp Person',
      address: 'smtp.person@example.com',
    });
    expect(mail.parsed.subject).toBeTruthy();
    // Nothing was written to the outbox in SMTP mode.
    expect(fs.existsSync(ctx.config.mail.outboxDir)).toBe(false);

    await followLinkAndLogIn(app, mail, 'smtp.person@example.com', password);
  });
});

describe('registration through the .eml outbox (no SMTP_URL)', () => {
  it('writes a real RFC 822 file into MAIL_OUTBOX_DIR, logs the link, and the link verifies the account', async () => {
    const outbox = fs.mkdtempSync(
      path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'samaa-outbox-'),
    );
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const ctx = createTestContext({ MAIL_OUTBOX_DIR: outbox, APP_URL }, { logger });
    const app = createApp(ctx);

    const password = 'Outbox!Test9';
    await request(app)
      .post('/api/users')
      .send({ name: 'Outbox Person', email: 'outbox.person@example.com', password, gender: 'male' })
      .expect(200);

    const mails = await readOutbox(outbox);
    expect(mails).toHaveLength(1);
    const { raw, parsed, file } = mails[0]!;
    expect(path.basename(file)).toMatch(/^\d{4}-\d\d-\d\dT.*\.eml$/);
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // RFC 822 / 5322: headers, a blank line, CRLF line ends throughout, a multipart/alternative body.
    const text = raw.toString('utf8');
    expect(text).toMatch(/^[\s\S]*?\r\n\r\n/);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(text).toMatch(/^From: Samaa <no-reply@samaa\.local>\r$/m);
    expect(text).toMatch(/^To: Outbox Person <outbox\.person@example\.com>\r$/m);
    expect(text).toMatch(/^Message-ID: <.+>\r$/m);
    expect(text).toMatch(/^Date: .+\r$/m);
    expect(text).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(text).toMatch(/^Content-Type: text\/plain/m);
    expect(text).toMatch(/^Content-Type: text\/html/m);
    expect(parsed.to?.[0]?.address).toBe('outbox.person@example.com');

    const link = findVerificationLink(parsed.text)!;
    expect(lines.some((l) => l.includes(link) && l.includes(file))).toBe(true);

    await followLinkAndLogIn(app, { raw, parsed }, 'outbox.person@example.com', password);
  });
});

describe('verification mail', () => {
  it('holds the same link in its text and HTML parts and escapes the name in HTML', () => {
    const link = verificationLink(
      'http://localhost:3000/',
      '0123456789abcdef01234567',
      'ab'.repeat(32),
    );
    expect(link).toBe(
      `http://localhost:3000/users/0123456789abcdef01234567/verify/${'ab'.repeat(32)}`,
    );
    const mail = verificationMail({ name: '<b>Eve</b> & co', email: 'eve@example.com' }, link);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('reports an unreachable SMTP server as an error instead of hanging', async () => {
    const ctx = createTestContext({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const mailer = createMailer(ctx.config);
    expect(mailer.kind).toBe('smtp');
    await expect(
      mailer.send({
        to: { name: 'X', address: 'x@example.com' },
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      }),
    ).rejects.toThrow();
    mailer.close();
  });
});
