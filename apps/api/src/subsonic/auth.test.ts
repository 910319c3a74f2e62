import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_MESSAGES } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenApp } from '../test/listen.js';
import { subsonicClient, type Format } from '../test/subsonicClient.js';
import { assertValidSubsonicXml } from '../test/subsonicClient.js';

useTestDatabase();
const { app } = createTestApp();

let alice: TestUser;
let unverified: TestUser;
let key: string;

beforeAll(async () => {
  await clearDatabase();
  alice = await createUser({ password: 'Sesame-0pen!' });
  unverified = await createUser({ verified: false });
  const created = await request(app).post('/api/account/api-keys').set('x-auth-token', alice.token).send({ name: 'Phone' });
  key = created.body.data.key;
});

/** One raw call, with the error code whatever the format. */
async function call(params: Record<string, string>, format: Format, method = 'ping') {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', ...params, ...(format === 'json' ? { f: 'json' } : {}) });
  const res = await request(app).get(`/rest/${method}?${query}`);
  if (format === 'xml') {
    await assertValidSubsonicXml(res.text);
    const code = /<error code="(\d+)" message="([^"]*)"/.exec(res.text);
    return { status: res.status, ok: res.text.includes('status="ok"'), code: code ? Number(code[1]) : undefined, message: code?.[2], body: res.text };
  }
  const body = res.body['subsonic-response'];
  return { status: res.status, ok: body.status === 'ok', code: body.error?.code, message: body.error?.message, body: res.text };
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe.each<Format>(['json', 'xml'])('Subsonic authentication (%s)', (format) => {
  it('accepts the password in clear and hex-encoded, and an API key', async () => {
    expect((await call({ u: alice.email, p: 'Sesame-0pen!' }, format)).ok).toBe(true);
    expect((await call({ u: alice.email.toUpperCase(), p: `enc:${hex('Sesame-0pen!')}` }, format)).ok).toBe(true);
    expect((await call({ apiKey: key }, format)).ok).toBe(true);
  });

  it('answers each failure with its Subsonic code and a message, never a stack', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ u: alice.email, p: 'wrong-password' }, 40],
      [{ u: 'nobody@example.com', p: 'x' }, 40],
      [{ u: alice.email, t: '26719a1196d2a940705a59634eb18eab', s: 'c19b2d' }, 41],
      [{ apiKey: key, u: alice.email }, 43],
      [{ apiKey: 'samaa_not-a-real-key' }, 44],
      [{ u: unverified.email, p: 'Passw0rd!x' }, 50],
      [{ p: 'x' }, 10],
      [{ u: alice.email }, 10],
    ];
    for (const [params, code] of cases) {
      const res = await call(params, format);
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.code, JSON.stringify(params)).toBe(code);
      expect(res.message).toBeTruthy();
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    expect((await call({ apiKey: key }, format, 'getAlbum')).code).toBe(10);
    const unknown = await call({ apiKey: key }, format, 'getVideos');
    expect([unknown.status, unknown.code]).toEqual([404, 0]);
  });

  it('answers .view paths and POST form bodies (formPost)', async () => {
    expect((await call({ apiKey: key }, format, 'ping.view')).ok).toBe(true);
    const body = new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', ...(format === 'json' ? { f: 'json' } : {}) });
    const res = await request(app).post('/rest/getLicense.view').type('form').send(body.toString());
    expect(res.text).toContain('valid');
    expect(res.text).toMatch(/"ok"/);
  });
});

describe('Subsonic clients and API keys', () => {
  it('a real client with salted-token auth is told to use another way (41)', async () => {
    const server = await listenApp(app);
    try {
      const api = subsonicClient(server.url, { username: alice.email, password: 'Sesame-0pen!' }, 'json');
      expect(await api.ping()).toMatchObject({ status: 'failed', error: { code: 41 } });
      const byKey = subsonicClient(server.url, { apiKey: key }, 'json', { post: true });
      expect((await byKey.ping()).status).toBe('ok');
    } finally {
      await server.close();
    }
  });

  it('throttles password guessing like POST /api/login', async () => {
    const victim = await createUser({ password: 'Right-Pass1!' });
    for (let i = 0; i < 5; i += 1) expect((await call({ u: victim.email, p: `guess-${i}` }, 'json')).code).toBe(40);
    const refused = await call({ u: victim.email, p: 'Right-Pass1!' }, 'json');
    expect([refused.code, refused.message]).toEqual([0, API_MESSAGES.tooManyLogins]);
    const login = await request(app).post('/api/login').send({ email: victim.email, password: 'Right-Pass1!' });
    expect(login.status).toBe(429);
  });

  it('keys are shown once, listed without the secret, owner-only, and stop working when revoked', async () => {
    const bob = await createUser();
    const created = await request(app).post('/api/account/api-keys').set('x-auth-token', bob.token).send({ name: '  Car  ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(API_KEY_MESSAGES.created);
    const { key: bobKey, info } = created.body.data;
    expect(bobKey).toMatch(/^samaa_[\w-]{43}$/);
    expect(info.name).toBe('Car');

    const listed = await request(app).get('/api/account/api-keys').set('x-auth-token', bob.token);
    expect(listed.body.data).toEqual([info]);
    expect(listed.text).not.toContain(bobKey);
    const alices = await request(app).get('/api/account/api-keys').set('x-auth-token', alice.token);
    expect(alices.body.data.map((k: { id: string }) => k.id)).not.toContain(info.id);

    const stolen = await request(app).delete(`/api/account/api-keys/${info.id}`).set('x-auth-token', alice.token);
    expect(stolen.status).toBe(404);
    expect((await call({ apiKey: bobKey }, 'json')).ok).toBe(true);
    const revoked = await request(app).delete(`/api/account/api-keys/${info.id}`).set('x-auth-token', bob.token);
    expect(revoked.body).toEqual({ message: API_KEY_MESSAGES.revoked });
    expect((await call({ apiKey: bobKey }, 'json')).code).toBe(44);

    expect((await request(app).post('/api/account/api-keys').set('x-auth-token', bob.token).send({ name: '' })).status).toBe(400);
    expect((await request(app).get('/api/account/api-keys')).status).toBe(401);
  });

  it('a deleted user loses their keys', async () => {
    const carol = await createUser();
    const admin = await createUser({ admin: true });
    const created = await request(app).post('/api/account/api-keys').set('x-auth-token', carol.token).send({ name: 'Tablet' });
    await request(app).delete(`/api/users/${carol._id}`).set('x-auth-token', admin.token).expect(200);
    expect((await call({ apiKey: created.body.data.key }, 'json')).code).toBe(44);
  });

  it('never logs passwords or keys from the query', async () => {
    const { redactUrl } = await import('../app.js');
    expect(redactUrl(`/rest/ping?u=a&p=secret&apiKey=${key}&t=tok&s=salt`)).toBe('/rest/ping?u=a&p=[redacted]&apiKey=[redacted]&t=[redacted]&s=[redacted]');
  });
});
