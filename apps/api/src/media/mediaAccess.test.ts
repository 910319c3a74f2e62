import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, MEDIA_ACCESS_MESSAGES } from '@samaa/shared';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { errorHandler } from '../http/errors.js';
import { signToken } from '../auth/jwt.js';
import { MEDIA_CACHE_CONTROL, PRIVATE_MEDIA_CACHE_CONTROL } from './mediaFile.js';
import { mediaRouter } from './media.routes.js';
import { mediaSigner } from './mediaSignature.js';

useTestDatabase();
const { ctx, app } = createTestApp();
const SIZE = 5000;
const body = crypto.randomBytes(SIZE);
const AUDIO = '/media/audio/1700000000000private.mp3';
const IMAGE = '/media/images/1700000000000private.png';
const signer = mediaSigner(ctx.jwtSecret);
const inAnHour = () => new Date(Date.now() + 3600_000);
let listener: TestUser;
let admin: TestUser;

beforeAll(async () => {
  fs.writeFileSync(path.join(ctx.config.media.dir, 'audio', '1700000000000private.mp3'), body);
  fs.writeFileSync(path.join(ctx.config.media.dir, 'images', '1700000000000private.png'), Buffer.from('png'));
  [listener, admin] = await Promise.all([createUser(), createUser({ admin: true })]);
});

/** The `samaa_media=…` pair of a response's Set-Cookie, and the whole header line. */
function mediaCookie(res: request.Response): { pair: string; line: string } {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith('samaa_media='));
  if (!line) throw new Error('no media cookie set');
  return { pair: line.split(';')[0]!, line };
}

const login = (user: TestUser, route = '/api/login') =>
  request(app).post(route).send({ email: user.email, password: user.password }).expect(200);

describe('GET /media: private by default', () => {
  it('answers 401 with a message without credentials, for audio, images and music-folder files', async () => {
    for (const url of [AUDIO, IMAGE, '/media/library/0123456789abcdef01234567/a.mp3', '/media/audio/missing.mp3']) {
      const res = await request(app).get(url).expect(401);
      expect(res.body).toEqual({ message: MEDIA_ACCESS_MESSAGES.signInRequired });
    }
  });

  it('serves a signed-in listener or admin by the token header, with ranges', async () => {
    const whole = await request(app).get(AUDIO).set('Authorization', `Bearer ${listener.token}`).expect(200);
    expect(whole.headers['cache-control']).toBe(PRIVATE_MEDIA_CACHE_CONTROL);
    expect(whole.headers['content-length']).toBe(String(SIZE));
    const part = await request(app).get(AUDIO).set('Authorization', `Bearer ${admin.token}`).set('Range', 'bytes=0-99').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    await request(app).get(AUDIO).set('Authorization', `Bearer ${listener.token}`).set('Range', `bytes=${SIZE}-`).expect(416);
    await request(app).get(IMAGE).set('x-auth-token', listener.token).expect(200);
    const etag = whole.headers.etag!;
    await request(app).get(AUDIO).set('Authorization', `Bearer ${listener.token}`).set('If-None-Match', etag).expect(304);
  });

  it('refuses a bad, forged, deleted-user or revoked token with 401', async () => {
    const bearer = (token: string) => request(app).get(AUDIO).set('Authorization', `Bearer ${token}`);
    expect((await bearer('not-a-jwt').expect(401)).body).toEqual({ message: MEDIA_ACCESS_MESSAGES.signInRequired });
    await bearer(signToken({ _id: listener._id, name: 'x', isAdmin: false }, 'another-secret-that-is-long-enough-0123', '1h')).expect(401);

    const gone = await createUser();
    await request(app).delete(`/api/users/${gone._id}`).set('x-auth-token', admin.token).expect(200);
    await bearer(gone.token).expect(401);

    const changing = await createUser();
    const old = await login(changing);
    const changed = await request(app)
      .put('/api/account/password')
      .set('x-auth-token', old.body.authToken)
      .send({ currentPassword: changing.password, newPassword: 'N3w-Passw0rd!' })
      .expect(200);
    await bearer(old.body.authToken).expect(401);
    await bearer(changing.token).expect(401);
    // The old session's cookie has ended too; the one set with the new token plays.
    await request(app).get(AUDIO).set('Cookie', mediaCookie(old).pair).expect(401);
    await request(app).get(AUDIO).set('Cookie', mediaCookie(changed).pair).expect(200);
    await bearer(changed.body.authToken).expect(200);
  });
});

describe('the media cookie', () => {
  it('is set at listener and admin sign-in, HttpOnly, SameSite=Lax, for /media only, and plays', async () => {
    for (const [user, route] of [[listener, '/api/login'], [admin, '/api/login/']] as const) {
      const res = await login(user, route);
      const { pair, line } = mediaCookie(res);
      expect(line).toMatch(/; Path=\/media(;|$)/);
      expect(line).toMatch(/; HttpOnly(;|$)/);
      expect(line).toMatch(/; SameSite=Lax(;|$)/);
      expect(line).toMatch(/; Expires=/);
      expect(line).not.toMatch(/; Secure/);
      expect(pair).not.toContain(res.body.authToken);
      await request(app).get(AUDIO).set('Cookie', `other=1; ${pair}`).expect(200);
      await request(app).get(IMAGE).set('Cookie', pair).set('Range', 'bytes=0-1').expect(206);
    }
  });

  it('is Secure when APP_URL is https', async () => {
    const secure = createTestApp({ APP_URL: 'https://music.example.com' }).app;
    const res = await request(secure).post('/api/login').send({ email: listener.email, password: listener.password }).expect(200);
    expect(mediaCookie(res).line).toMatch(/; Secure(;|$)/);
  });

  it('is not a session token, and a session token is not a cookie', async () => {
    const { pair } = mediaCookie(await login(listener));
    const value = pair.slice('samaa_media='.length);
    await request(app).get('/api/playlists').set('x-auth-token', value).expect(401);
    await request(app).get(AUDIO).set('Cookie', `samaa_media=${listener.token}`).expect(401);
    await request(app).get(AUDIO).set('Cookie', 'samaa_media=garbage').expect(401);
  });

  it('is cleared by POST /api/logout', async () => {
    const res = await request(app).post('/api/logout').expect(204);
    const { pair, line } = mediaCookie(res);
    expect(pair).toBe('samaa_media=');
    expect(line).toMatch(/; Path=\/media(;|$)/);
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('is set again for a session restored from storage by POST /api/account/media-session', async () => {
    await request(app).post('/api/account/media-session').expect(401);
    const res = await request(app).post('/api/account/media-session').set('x-auth-token', listener.token).expect(204);
    expect(res.headers['cache-control']).toBe('no-store');
    await request(app).get(AUDIO).set('Cookie', mediaCookie(res).pair).expect(200);
  });
});

describe('signed links', () => {
  it('play without a session until they expire', async () => {
    const url = signer.sign(AUDIO, listener._id, inAnHour());
    const res = await request(app).get(url).expect(200);
    expect(res.headers['content-length']).toBe(String(SIZE));
    await request(app).get(url).set('Range', 'bytes=10-19').expect(206);
    await request(app).get(signer.sign(IMAGE, listener._id, inAnHour())).expect(200);
    // A share's links play only while the share lives (shares.test.ts): an unknown one is refused.
    await request(app).get(signer.sign(IMAGE, 'share:abc', inAnHour())).expect(403);
  });

  it('answer 403 when expired, changed, cut or moved to another file', async () => {
    const bad = async (url: string) => {
      const res = await request(app).get(url).expect(403);
      expect(res.body).toEqual({ message: MEDIA_ACCESS_MESSAGES.badLink });
    };
    await bad(signer.sign(AUDIO, listener._id, new Date(Date.now() - 1000)));
    const url = signer.sign(AUDIO, listener._id, inAnHour());
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    await bad(url.replace(sig, flipped));
    await bad(url.replace(/by=[^&]+/, `by=${admin._id}`));
    await bad(url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 1}`));
    await bad(url.replace(/&sig=[^&]+/, ''));
    await bad(`${url}&sig=again`);
    await bad(url.replace(AUDIO, IMAGE));
    await bad(`${AUDIO}?sig=x`);
    // A wrong link is refused even with a valid session: it never falls back.
    await request(app).get(url.replace(sig, flipped)).set('Authorization', `Bearer ${listener.token}`).expect(403);
  });

  it('are refused when their minter is no longer valid', async () => {
    const withHook = express();
    withHook.use('/media', mediaRouter(ctx, { mintersStillValid: async (by) => by !== 'share:revoked' }));
    withHook.use(errorHandler(ctx.logger));
    await request(withHook).get(signer.sign(AUDIO, 'share:live', inAnHour())).expect(200);
    const res = await request(withHook).get(signer.sign(AUDIO, 'share:revoked', inAnHour())).expect(403);
    expect(res.body).toEqual({ message: MEDIA_ACCESS_MESSAGES.revokedLink });
  });
});

describe('PUBLIC_MEDIA=true', () => {
  it('serves /media to anyone, cacheable by shared caches as before', async () => {
    const open = createTestApp({ PUBLIC_MEDIA: 'true' });
    fs.writeFileSync(path.join(open.ctx.config.media.dir, 'audio', 'open.mp3'), body);
    const res = await request(open.app).get('/media/audio/open.mp3').expect(200);
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    await request(open.app).get('/media/audio/open.mp3').set('Range', 'bytes=0-9').expect(206);
  });
});

it('keeps the session routes answering JSON errors', async () => {
  const res = await request(app).post('/api/account/media-session').set('x-auth-token', 'nope').expect(401);
  expect(res.body).toEqual({ message: API_MESSAGES.invalidToken });
});
