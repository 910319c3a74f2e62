import net from 'node:net';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, MESSAGES } from '@samaa/shared';
import { useTestDatabase, storedSongs, storedModel } from '../test/db.js';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestUser } from '../test/context.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { signToken } from '../auth/jwt.js';
import { LIKE_MODEL } from '../likes/like.model.js';
import { PLAYLIST_MODEL } from '../playlists/playlist.model.js';
import { createSong } from '../songs/songs.service.js';
import { insertLike } from '../likes/likes.repo.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { USER_MODEL } from './user.model.js';
import { hashVerificationToken, newVerificationToken, VERIFICATION_TTL_MS } from './verificationToken.js';
import { VERIFICATION_TOKEN_MODEL } from './verificationToken.model.js';
import { ACCOUNT_MESSAGES } from './accounts.service.js';

const LikeModel = storedModel(LIKE_MODEL);
const UserModel = storedModel(USER_MODEL);
const VerificationTokenModel = storedModel(VERIFICATION_TOKEN_MODEL);

const SongModel = storedSongs();

useTestDatabase();
const { app, ctx } = createTestApp({ MAIL_FROM: 'Samaa Test <hello@samaa.test>' });
const playlistModel = () => ctx.data.model(PLAYLIST_MODEL);

const valid = {
  name: 'Asha Rao',
  email: 'Asha.Rao@Example.COM ',
  password: 'Str0ng!pass',
  gender: 'female',
};

/** Stores a verification token for a user directly (no bcrypt, no mail). */
async function issueToken(userId: string, expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS)) {
  const token = newVerificationToken();
  await VerificationTokenModel.create({
    user: userId,
    tokenHash: hashVerificationToken(token),
    expiresAt,
  });
  return token;
}

const RECORD_KEYS = ['_id', 'createdAt', 'email', 'gender', 'isAdmin', 'name', 'verified'];

describe('POST /api/users (registration)', () => {
  it('creates an unverified listener with a cost-10 bcrypt hash, stores a hashed 24 h token and mails the link', async () => {
    const started = Date.now();
    const res = await request(app).post('/api/users/').send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: API_MESSAGES.registered });

    const user = await UserModel.findOne({ email: 'asha.rao@example.com' })
      .select('+password')
      .lean();
    expect(user).toMatchObject({
      name: 'Asha Rao',
      gender: 'female',
      verified: false,
      isAdmin: false,
    });
    expect(user!.password).toMatch(/^\$2b\$10\$/);
    expect(user!.password).not.toContain(valid.password);

    const tokens = await VerificationTokenModel.find({ user: user!._id }).lean();
    expect(tokens).toHaveLength(1);
    const expiresIn = tokens[0]!.expiresAt.getTime() - started;
    expect(expiresIn).toBeGreaterThan(VERIFICATION_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(VERIFICATION_TTL_MS + 60_000);

    const mails = await readOutbox(ctx.config.mail.outboxDir);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.from).toMatchObject({ address: 'hello@samaa.test', name: 'Samaa Test' });
    expect(mail.to?.[0]).toMatchObject({ address: 'asha.rao@example.com' });
    const link = findVerificationLink(mail.text);
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    const [, id, token] = /\/users\/([0-9a-f]{24})\/verify\/([0-9a-f]+)$/.exec(link!)!;
    expect(link!.startsWith('http://localhost:3000/users/')).toBe(true);
    expect(id).toBe(String(user!._id));
    // At least 32 random bytes; only its SHA-256 is stored.
    expect(token!.length).toBeGreaterThanOrEqual(64);
    expect(tokens[0]!.tokenHash).toBe(hashVerificationToken(token!));
    expect(JSON.stringify(tokens[0])).not.toContain(token!);
  });

  it('answers 409 for a taken email, compared case-insensitively', async () => {
    await createUser({ email: 'taken@example.com' });
    for (const email of ['taken@example.com', '  TAKEN@Example.com ']) {
      const res = await request(app)
        .post('/api/users')
        .send({ ...valid, email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: API_MESSAGES.emailTaken });
    }
    expect(await UserModel.countDocuments({ email: 'taken@example.com' })).toBe(1);
  });

  it.each([
    [{ ...valid, name: undefined }, '"Name" is required'],
    [{ ...valid, name: 'Abc' }, '"Name" length must be at least 4 characters long'],
    [
      { ...valid, name: 'A'.repeat(21) },
      '"Name" length must be less than or equal to 20 characters long',
    ],
    [{ ...valid, email: 'not-an-email' }, '"Email" must be a valid email'],
    [{ ...valid, email: undefined }, '"Email" is required'],
    [{ ...valid, password: 'S0!a' }, '"Password" should be at least 8 characters long'],
    [
      { ...valid, password: 'Str0ng!pass'.repeat(3) },
      '"Password" should not be longer than 26 characters',
    ],
    [
      { ...valid, password: 'STR0NG!PASS' },
      '"Password" should contain at least 1 lower-cased letter',
    ],
    [
      { ...valid, password: 'str0ng!pass' },
      '"Password" should contain at least 1 upper-cased letter',
    ],
    [{ ...valid, password: 'Strong!pass' }, '"Password" should contain at least 1 number'],
    [{ ...valid, password: 'Str0ngpass1' }, '"Password" should contain at least 1 symbol'],
    [{ ...valid, gender: 'other' }, '"Gender" must be one of [male, female, non-binary]'],
    [{}, '"Name" is required'],
  ])('answers 400 with the first failing rule: %j', async (body, message) => {
    const res = await request(app).post('/api/users').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('answers 503 and keeps no account when the mail cannot be sent', async () => {
    // A loopback port with nothing listening: the SMTP connection is refused.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const broken = createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const res = await request(broken.app)
      .post('/api/users')
      .send({ ...valid, email: 'nomail@example.com' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.mailFailed });
    expect(await UserModel.exists({ email: 'nomail@example.com' })).toBeNull();
  });
});

describe('GET /api/users/:id/verify/:token', () => {
  it('verifies once: 200 with the exact message, then the link is used up (400)', async () => {
    const user = await createUser({ verified: false });
    const token = await issueToken(user._id);
    const other = await issueToken(user._id);

    const res = await request(app).get(`/api/users/${user._id}/verify/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.emailVerified });
    expect(res.body.message).toBe('Email verified successfully');
    expect((await UserModel.findById(user._id).lean())!.verified).toBe(true);

    const again = await request(app).get(`/api/users/${user._id}/verify/${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: API_MESSAGES.invalidLink });
    // Every other link of that user is moot too, and removed.
    const sibling = await request(app).get(`/api/users/${user._id}/verify/${other}`);
    expect(sibling.status).toBe(400);
    expect(await VerificationTokenModel.countDocuments({ user: user._id })).toBe(0);
  });

  it('answers 400 for an expired link and removes it', async () => {
    const user = await createUser({ verified: false });
    const token = await issueToken(user._id, new Date(Date.now() - 1000));
    const res = await request(app).get(`/api/users/${user._id}/verify/${token}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: API_MESSAGES.invalidLink });
    expect((await UserModel.findById(user._id).lean())!.verified).toBe(false);
    expect(await VerificationTokenModel.countDocuments({ user: user._id })).toBe(0);
  });

  it('sweeps other expired tokens opportunistically', async () => {
    const stale = await createUser({ verified: false });
    await issueToken(stale._id, new Date(Date.now() - 60_000));
    const user = await createUser({ verified: false });
    const token = await issueToken(user._id);
    // The sweep runs at most once a minute per process; other tests may have just run it.
    await request(app).get(`/api/users/${user._id}/verify/${token}`).expect(200);
    await expect
      .poll(
        async () => VerificationTokenModel.countDocuments({ expiresAt: { $lte: new Date() } }),
        { timeout: 5000 },
      )
      .toBeLessThanOrEqual(1);
  });

  it('answers 400 for a wrong token, a token of another user, an unknown user and malformed ids', async () => {
    const a = await createUser({ verified: false });
    const b = await createUser({ verified: false });
    const tokenA = await issueToken(a._id);
    const unknownId = new mongoose.Types.ObjectId().toHexString();
    for (const path of [
      `/api/users/${a._id}/verify/${newVerificationToken()}`,
      `/api/users/${b._id}/verify/${tokenA}`,
      `/api/users/${unknownId}/verify/${tokenA}`,
      `/api/users/not-an-id/verify/${tokenA}`,
      `/api/users/${a._id}zz/verify/${tokenA}`,
      `/api/users/${a._id}/verify/short`,
      `/api/users/${a._id}/verify/${'z'.repeat(64)}`,
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message: API_MESSAGES.invalidLink });
    }
    // The right link still works afterwards.
    await request(app).get(`/api/users/${a._id}/verify/${tokenA}`).expect(200);
  });

  it('answers 400 when the user was deleted after the mail went out', async () => {
    const user = await createUser({ verified: false });
    const token = await issueToken(user._id);
    await UserModel.deleteOne({ _id: user._id });
    const res = await request(app).get(`/api/users/${user._id}/verify/${token}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: API_MESSAGES.invalidLink });
  });
});

describe('admin routes: auth and roles', () => {
  let admin: TestUser;
  let listener: TestUser;
  beforeAll(async () => {
    admin = await createUser({ admin: true });
    listener = await createUser();
  });

  const adminRoutes = () =>
    [
      ['GET /api/users', () => request(app).get('/api/users')],
      ['DELETE /api/users/:id', () => request(app).delete(`/api/users/${listener._id}`)],
    ] as const;

  it('gives a listener 403 on each admin route', async () => {
    for (const [name, call] of adminRoutes()) {
      const res = await call().set('x-auth-token', listener.token);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toEqual({ message: API_MESSAGES.forbidden });
    }
    expect(await UserModel.exists({ _id: listener._id })).not.toBeNull();
  });

  it('answers 401 without a token, with a bad or expired token, and for a deleted user', async () => {
    const gone = await createUser({ admin: true });
    await UserModel.deleteOne({ _id: gone._id });
    const expired = jwt.sign(
      { _id: admin._id, name: admin.name, isAdmin: true, exp: Math.floor(Date.now() / 1000) - 60 },
      TEST_JWT_SECRET,
      { algorithm: 'HS256' },
    );
    const wrongSecret = signToken(
      { _id: admin._id, name: admin.name, isAdmin: true },
      'another-secret-another-secret-123',
      '1h',
    );
    for (const [name, call] of adminRoutes()) {
      const none = await call();
      expect(none.status, name).toBe(401);
      expect(none.body, name).toEqual({ message: API_MESSAGES.noToken });
      for (const token of ['garbage', expired, wrongSecret, gone.token]) {
        const res = await call().set('x-auth-token', token);
        expect(res.status, name).toBe(401);
        expect(res.body, name).toEqual({ message: API_MESSAGES.invalidToken });
      }
    }
  });

  it('reads the admin flag from the database, not from the token', async () => {
    const forged = signToken(
      { _id: listener._id, name: listener.name, isAdmin: true },
      TEST_JWT_SECRET,
      '1h',
    );
    const res = await request(app).get('/api/users').set('x-auth-token', forged);
    expect(res.status).toBe(403);
  });
});

describe('GET /api/users (admin)', () => {
  it('lists every user record, newest first, with exactly the record fields', async () => {
    const admin = await createUser({ admin: true });
    const older = await createUser({ name: 'Older User' });
    // createdAt is immutable through Mongoose: age the row through the driver.
    await UserModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(older._id) },
      { $set: { createdAt: new Date('2020-01-01T00:00:00Z') } },
    );
    const newest = await createUser({ name: 'Newest User', verified: false });

    const res = await request(app).get('/api/users').set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const data = res.body.data as Record<string, unknown>[];
    expect(data.length).toBe(await UserModel.countDocuments());
    for (const record of data) expect(Object.keys(record).sort()).toEqual(RECORD_KEYS);
    const times = data.map((u) => Date.parse(String(u.createdAt)));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(data[0]).toMatchObject({
      _id: newest._id,
      name: 'Newest User',
      verified: false,
      isAdmin: false,
      gender: 'female',
    });
    expect(data.at(-1)).toMatchObject({ _id: older._id, createdAt: '2020-01-01T00:00:00.000Z' });
    expect(data.find((u) => u._id === admin._id)).toMatchObject({
      isAdmin: true,
      verified: true,
      email: admin.email,
    });
  });
});

describe('DELETE /api/users/:id (admin)', () => {
  it('deletes the user with their playlists, likes and verification tokens, and nothing else', async () => {
    const admin = await createUser({ admin: true });
    const victim = await createUser({ verified: false });
    const bystander = await createUser();
    const song = await createSong(ctx, { name: 'Song', artist: 'Artist', img: 'https://x/i.png', song: 'https://x/a.mp3' });
    await insertPlaylists(ctx.playlists, [
      { name: 'Mine', user: victim._id, songIds: [song._id] },
      { name: 'Mine too', user: victim._id },
      { name: 'Theirs', user: bystander._id },
    ]);
    await insertLike(ctx.data, victim._id, song._id);
    await insertLike(ctx.data, bystander._id, song._id);
    await issueToken(victim._id);
    await issueToken(bystander._id);

    const res = await request(app)
      .delete(`/api/users/${victim._id}`)
      .set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.userDeleted });

    expect(await UserModel.exists({ _id: victim._id })).toBeNull();
    expect(await playlistModel().countDocuments({ user: victim._id })).toBe(0);
    expect(await LikeModel.countDocuments({ user: victim._id })).toBe(0);
    expect(await VerificationTokenModel.countDocuments({ user: victim._id })).toBe(0);
    expect(await playlistModel().countDocuments({ user: bystander._id })).toBe(1);
    expect(await LikeModel.countDocuments({ user: bystander._id })).toBe(1);
    expect(await VerificationTokenModel.countDocuments({ user: bystander._id })).toBe(1);
    expect(await SongModel.exists({ _id: song._id })).not.toBeNull();

    // The deleted user's token stops working at once.
    const after = await request(app).get('/api/users').set('x-auth-token', victim.token);
    expect(after.status).toBe(401);
  });

  it('lets an admin delete another admin', async () => {
    const admin = await createUser({ admin: true });
    const other = await createUser({ admin: true });
    await request(app)
      .delete(`/api/users/${other._id}`)
      .set('x-auth-token', admin.token)
      .expect(200);
  });

  it('refuses to let an admin delete themselves (400)', async () => {
    const admin = await createUser({ admin: true });
    for (const id of [admin._id, admin._id.toUpperCase()]) {
      const res = await request(app).delete(`/api/users/${id}`).set('x-auth-token', admin.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.cannotDeleteSelf });
    }
    expect(await UserModel.exists({ _id: admin._id })).not.toBeNull();
  });

  it('answers 404 for an unknown id and 400 for malformed ids, never 500', async () => {
    const admin = await createUser({ admin: true });
    const unknown = await request(app)
      .delete(`/api/users/${new mongoose.Types.ObjectId().toHexString()}`)
      .set('x-auth-token', admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: ACCOUNT_MESSAGES.userNotFound });
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', 'abcdefabcdefabcdefabcdef0', '%24where']) {
      const res = await request(app).delete(`/api/users/${id}`).set('x-auth-token', admin.token);
      expect(res.status, id).toBe(400);
      expect(res.body, id).toEqual({ message: API_MESSAGES.invalidId });
    }
  });
});
