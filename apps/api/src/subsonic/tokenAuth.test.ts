import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_MESSAGES } from '@samaa/shared';
import { insertApiKey } from '../apiKeys/apiKeys.repo.js';
import { hashApiKey } from '../apiKeys/apiKeys.service.js';
import { API_KEY_MODEL } from '../apiKeys/apiKey.model.js';
import { clearDatabase, useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { assertValidSubsonicXml, subsonicClient, type Format } from '../test/subsonicClient.js';

const ApiKeyModel = storedModel(API_KEY_MODEL);

useTestDatabase();
// Two apps on one database, each with its own caches: two API processes as far as sign-in goes.
const first = createTestApp();
const second = createTestApp();
const { app } = first;

let server: ListeningApp;
let alice: TestUser;
let key: string;
let keyId: string;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

async function createKey(user: TestUser, name = 'Phone') {
  const res = await request(app).post('/api/account/api-keys').set('x-auth-token', user.token).send({ name });
  return res.body.data as { key: string; info: { id: string; tokenSignIn: boolean } };
}

beforeAll(async () => {
  await clearDatabase();
  server = await listenApp(app);
  alice = await createUser({ password: 'Sesame-0pen!' });
  const created = await createKey(alice);
  [key, keyId] = [created.key, created.info.id];
});
afterAll(() => server?.close());

/** One raw call on either app, with the error code whatever the format. */
async function call(params: Record<string, string>, format: Format = 'json', method = 'ping', on = app) {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', ...params, ...(format === 'json' ? { f: 'json' } : {}) });
  const res = await request(on).get(`/rest/${method}?${query}`);
  if (format === 'xml') {
    await assertValidSubsonicXml(res.text);
    const code = /<error code="(\d+)" message="([^"]*)"/.exec(res.text);
    return { ok: res.text.includes('status="ok"'), code: code ? Number(code[1]) : undefined, message: code?.[2]?.replace(/&quot;/g, '"'), text: res.text };
  }
  const body = res.body['subsonic-response'];
  return { ok: body.status === 'ok', code: body.error?.code, message: body.error?.message, text: res.text, body };
}

const token = (password: string, salt: string) => ({ t: md5(password + salt), s: salt });

describe.each<Format>(['json', 'xml'])('salted-token sign-in with an app key (%s)', (format) => {
  it('signs in with the key as the password: t+s, p and p=enc:', async () => {
    expect((await call({ u: alice.email, ...token(key, 'c19b2d') }, format)).ok).toBe(true);
    expect((await call({ u: alice.email.toUpperCase(), ...token(key, 'x'.repeat(40)) }, format)).ok).toBe(true);
    expect((await call({ u: alice.email, p: key }, format)).ok).toBe(true);
    expect((await call({ u: alice.email, p: `enc:${hex(key)}` }, format)).ok).toBe(true);
    // Airsonic Refix, signing in again after a reload, sends an empty p beside the token.
    expect((await call({ u: alice.email, p: '', ...token(key, 'reload') }, format)).ok).toBe(true);
    const info = await call({ u: alice.email, ...token(key, 'abc') }, format, 'tokenInfo');
    expect(info.text).toContain(alice.email);
  });

  it('a real client signs in with its default token sign-in, a fresh salt per call or one reused', async () => {
    for (const reuseSalt of [false, true]) {
      const api = subsonicClient(server.url, { username: alice.email, password: key }, format, { reuseSalt });
      expect((await api.ping()).status).toBe('ok');
      expect((await api.ping()).status).toBe('ok');
      expect((await api.getUser({ username: alice.email })).user.username).toBe(alice.email);
    }
  });

  it('refuses a wrong key and the account password with 41, naming the Apps page', async () => {
    for (const password of ['Sesame-0pen!', `${key}x`]) {
      const res = await call({ u: alice.email, ...token(password, 'salt1') }, format);
      expect([res.ok, res.code, res.message]).toEqual([false, 41, API_KEY_MESSAGES.tokenNeedsAppKey]);
      expect(res.message).toMatch(/Apps page/);
    }
    const bob = await createUser();
    expect((await call({ u: bob.email, ...token(key, 'salt1') }, format)).code).toBe(41);
    expect((await call({ u: 'nobody@example.com', ...token(key, 'salt1') }, format)).code).toBe(41);
    expect((await call({ u: alice.email, t: 'not-hex', s: 'x' }, format)).code).toBe(41);
    expect((await call({ u: alice.email, t: md5('x') }, format)).code).toBe(10);
    // A key is no one else's password.
    expect((await call({ u: bob.email, p: key }, format)).code).toBe(40);
  });
});

describe('app keys as app passwords', () => {
  it('keeps the key sealed at rest: the database holds its hash and a ciphertext, never the key', async () => {
    const doc = await ApiKeyModel.findById(hashApiKey(key)).lean();
    expect(doc?.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(doc)).not.toContain(key.slice(6));
  });

  it('a key made before sealing works as an API key, not for token sign-in, and the Apps list says so', async () => {
    const carol = await createUser();
    const old = 'samaa_' + 'o'.repeat(43);
    await insertApiKey(first.ctx.data, hashApiKey(old), 'old-key-id', carol._id, 'Old phone');
    expect((await call({ apiKey: old })).ok).toBe(true);
    expect((await call({ u: carol.email, ...token(old, 's') })).code).toBe(41);
    const fresh = await createKey(carol, 'New phone');
    const listed = await request(app).get('/api/account/api-keys').set('x-auth-token', carol.token);
    expect(listed.body.data.map((k: { name: string; tokenSignIn: boolean }) => [k.name, k.tokenSignIn])).toEqual([
      ['New phone', true],
      ['Old phone', false],
    ]);
    expect((await call({ u: carol.email, ...token(fresh.key, 's') })).ok).toBe(true);
  });

  it('revoking a key ends its token sign-ins at once, on the other process too', async () => {
    const dave = await createUser();
    const created = await createKey(dave);
    const signIn = { u: dave.email, ...token(created.key, 'same-salt') };
    // Both apps have checked (and remembered) this very token.
    expect((await call(signIn, 'json', 'ping', app)).ok).toBe(true);
    expect((await call(signIn, 'json', 'ping', second.app)).ok).toBe(true);
    await request(second.app).delete(`/api/account/api-keys/${created.info.id}`).set('x-auth-token', dave.token).expect(200);
    expect((await call(signIn, 'json', 'ping', app)).code).toBe(41);
    expect((await call(signIn, 'json', 'ping', second.app)).code).toBe(41);
    expect((await call({ u: dave.email, p: created.key })).code).toBe(40);
  });

  it('reads no list of users or keys per request: after the first sign-in, only the key by its hash', async () => {
    const frank = await createUser();
    const created = await createKey(frank);
    const ops: { collection: string; method: string; filter: Record<string, unknown> }[] = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      ops.push({ collection, method, filter: (filter ?? {}) as Record<string, unknown> });
    });
    const byFilter = (collection: string) => ops.filter((op) => op.collection === collection).map((op) => `${op.method} ${Object.keys(op.filter).join(',')}`);
    try {
      expect((await call({ u: frank.email, ...token(created.key, 'first') })).ok).toBe(true);
      // The first: the user by email, then that user's keys.
      expect(byFilter('users')).toContain('findOne email');
      expect(byFilter('api_keys')).toEqual(['find user', 'findOne _id']);
      ops.length = 0;
      expect((await call({ u: frank.email, ...token(created.key, 'another salt') })).ok).toBe(true);
      expect((await call({ u: frank.email, ...token(created.key, 'another salt') })).ok).toBe(true);
      expect(byFilter('users').filter((op) => !op.endsWith(' _id'))).toEqual([]);
      expect(byFilter('api_keys')).toEqual(['findOne _id', 'findOne _id']);
    } finally {
      mongoose.set('debug', false);
    }
  });

  it('throttles token guessing like password guessing', async () => {
    const erin = await createUser();
    const created = await createKey(erin);
    for (let i = 0; i < 5; i += 1) expect((await call({ u: erin.email, ...token(`guess-${i}`, 's') })).code).toBe(41);
    const refused = await call({ u: erin.email, ...token(created.key, 's') });
    expect([refused.code, refused.message]).toEqual([0, API_MESSAGES.tooManyLogins]);
  });

  it('answers getOpenSubsonicExtensions without credentials, and ping without them with its error', async () => {
    for (const format of ['json', 'xml'] as const) {
      const extensions = await call({}, format, 'getOpenSubsonicExtensions');
      expect(extensions.ok).toBe(true);
      for (const name of ['formPost', 'apiKeyAuthentication', 'indexBasedQueue']) expect(extensions.text).toContain(name);
      // Web clients on other origins embed covers and streams.
      const cover = await request(app).get(`/rest/getCoverArt?u=${encodeURIComponent(alice.email)}&p=${key}&id=nothing&v=1.16.1&c=t`);
      expect(cover.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const ping = await call({}, format, 'ping');
      expect([ping.ok, ping.code]).toEqual([false, 10]);
      expect(ping.text).toMatch(/openSubsonic"?[:=]"?true/);
    }
    expect(keyId).toBeTruthy();
  });
});
