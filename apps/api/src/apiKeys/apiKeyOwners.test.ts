import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSoleWriter, setSoleWriter } from '../db/engine.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';

/*
 * Where this process is the database's only writer (the embedded engine), an API key's owner is
 * kept in memory after its first check: every revocation happens here and drops it, so a revoked
 * key is still refused at once, as by a fresh read.
 */

useTestDatabase();
countEngineCalls();
const { app } = createTestApp();

beforeAll(async () => {
  await clearDatabase();
  setSoleWriter(true);
});
afterAll(() => setSoleWriter(false));

const ping = async (params: Record<string, string>) =>
  (await request(app).get(`/rest/ping?${new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', ...params })}`)).body['subsonic-response'];

async function newKey() {
  const user = await createUser();
  const res = await request(app).post('/api/account/api-keys').set('x-auth-token', user.token).send({ name: 'Phone' }).expect(201);
  return { user, key: res.body.data.key as string, id: res.body.data.info.id as string };
}

describe('API key owners kept in memory by the only writer', () => {
  it('reads the key once, then answers from memory', async () => {
    expect(isSoleWriter()).toBe(true);
    const { key } = await newKey();
    expect((await ping({ apiKey: key })).status).toBe('ok');
    const again = await engineCallsDuring(() => ping({ apiKey: key }));
    expect(again.calls['api_keys.findOne'] ?? 0).toBe(0);
  });

  it('refuses a revoked key at once, as an API key, an app password and a salted token', async () => {
    const { user, key, id } = await newKey();
    const signIns: Record<string, string>[] = [{ apiKey: key }, { u: user.email, p: key }];
    for (const signIn of signIns) expect((await ping(signIn)).status).toBe('ok');
    await request(app).delete(`/api/account/api-keys/${id}`).set('x-auth-token', user.token).expect(200);
    expect((await ping({ apiKey: key })).error.code).toBe(44);
    expect((await ping({ u: user.email, p: key })).error.code).toBe(40);
  });

  it('refuses the keys of a deleted account at once', async () => {
    const admin = await createUser({ admin: true });
    const { user, key } = await newKey();
    expect((await ping({ apiKey: key })).status).toBe('ok');
    await request(app).delete(`/api/users/${user._id}`).set('x-auth-token', admin.token).expect(200);
    expect((await ping({ apiKey: key })).error.code).toBe(44);
  });

  it('does not keep an unknown key: a key made right after a failed try works', async () => {
    expect((await ping({ apiKey: 'samaa_unknown' })).error.code).toBe(44);
    const { key } = await newKey();
    expect((await ping({ apiKey: key })).status).toBe('ok');
  });
});
