import mongoose from 'mongoose';
import request, { type Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { findVerificationLink, readOutbox } from '../test/mailbox.js';
import { USER_MODEL } from './user.model.js';

const UserModel = storedModel(USER_MODEL);

useTestDatabase();
const { app, ctx } = createTestApp();

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

function expectNoHash(label: string, res: Response) {
  const raw = res.text ?? '';
  expect(raw, label).not.toMatch(/\$2[aby]\$/);
  expect(
    keysOf(res.body).map((k) => k.toLowerCase()),
    label,
  ).not.toContain('password');
  expect(Object.values(res.headers).join('\n'), label).not.toMatch(/\$2[aby]\$/);
}

describe('no response ever contains a password hash', () => {
  it('holds for every status of every accounts route', async () => {
    const seen: [string, Response][] = [];
    const hit = async (label: string, res: Promise<Response> | Response) => {
      const r = await res;
      seen.push([`${label} → ${r.status}`, r]);
      return r;
    };

    const admin = await createUser({ admin: true });
    const listener = await createUser();
    const password = 'N0Hash!Here';
    const email = 'nohash@example.com';

    // Registration: 200, 400, 409.
    await hit(
      'register',
      request(app).post('/api/users').send({ name: 'No Hash', email, password, gender: 'female' }),
    );
    await hit(
      'register invalid',
      request(app)
        .post('/api/users')
        .send({ name: 'No Hash', email, password: 'short', gender: 'female' }),
    );
    await hit(
      'register taken',
      request(app).post('/api/users').send({ name: 'No Hash', email, password, gender: 'female' }),
    );
    // Login while unverified: 401 (both messages), then verification 200 and 400.
    await hit('login unverified', request(app).post('/api/login').send({ email, password }));
    const link = findVerificationLink(
      (await readOutbox(ctx.config.mail.outboxDir))[0]!.parsed.text,
    )!;
    await hit('verify', request(app).get(`/api${new URL(link).pathname}`));
    await hit('verify again', request(app).get(`/api${new URL(link).pathname}`));
    await hit('verify malformed', request(app).get('/api/users/xyz/verify/abc'));
    // Login: 200, 400, 401, 429.
    const login = await hit('login', request(app).post('/api/login').send({ email, password }));
    expect(login.status).toBe(200);
    await hit(
      'login admin',
      request(app).post('/api/login').send({ email: admin.email, password: admin.password }),
    );
    await hit('login missing', request(app).post('/api/login').send({ email }));
    for (let i = 0; i < 11; i += 1)
      await hit(
        'login wrong',
        request(app).post('/api/login').send({ email: listener.email, password: 'Wr0ng!pw' }),
      );
    // Admin routes: 200, 401, 403, 400, 404.
    const registered = await UserModel.findOne({ email }).lean();
    await hit('list', request(app).get('/api/users').set('x-auth-token', admin.token));
    await hit('list listener', request(app).get('/api/users').set('x-auth-token', listener.token));
    await hit('list no token', request(app).get('/api/users'));
    await hit(
      'delete self',
      request(app).delete(`/api/users/${admin._id}`).set('x-auth-token', admin.token),
    );
    await hit(
      'delete malformed',
      request(app).delete('/api/users/nope').set('x-auth-token', admin.token),
    );
    await hit(
      'delete unknown',
      request(app)
        .delete(`/api/users/${new mongoose.Types.ObjectId().toHexString()}`)
        .set('x-auth-token', admin.token),
    );
    await hit(
      'delete listener',
      request(app).delete(`/api/users/${listener._id}`).set('x-auth-token', listener.token),
    );
    await hit(
      'delete',
      request(app).delete(`/api/users/${registered!._id}`).set('x-auth-token', admin.token),
    );

    const statuses = new Set(seen.map(([, r]) => r.status));
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 409, 429]);
    for (const [label, res] of seen) expectNoHash(label, res);
    // The list did carry users whose hashes are in the database.
    const list = seen.find(([l]) => l.startsWith('list →'))![1];
    expect(list.body.data.length).toBeGreaterThanOrEqual(3);
  });
});
