import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase, storedModel } from '../test/db.js';
import { createTestContext, createTestApp, createUser } from '../test/context.js';
import { bootstrapAdmin } from './adminBootstrap.js';
import { ensureAdmin } from './adminAccount.js';
import { AppData } from '../db/appData.js';
import { USER_MODEL } from './user.model.js';
import { VERIFICATION_TOKEN_MODEL } from './verificationToken.model.js';

const UserModel = storedModel(USER_MODEL);
const VerificationTokenModel = storedModel(VERIFICATION_TOKEN_MODEL);

useTestDatabase();

describe('admin bootstrap (ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME)', () => {
  it('creates a verified admin who can log in, and is idempotent', async () => {
    const env = {
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'B00tstrap!pw',
      ADMIN_NAME: 'Root Admin',
    };
    const ctx = createTestContext(env);
    await bootstrapAdmin(ctx);
    await bootstrapAdmin(ctx);
    const users = await UserModel.find({ email: 'root@example.com' }).select('+password').lean();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      name: 'Root Admin',
      isAdmin: true,
      verified: true,
      gender: 'non-binary',
    });
    expect(users[0]!.password).toMatch(/^\$2b\$10\$/);

    const { app } = createTestApp(env);
    const res = await request(app)
      .post('/api/login')
      .send({ email: 'root@example.com', password: 'B00tstrap!pw' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isAdmin: true, verified: true, name: 'Root Admin' });
  });

  it('promotes and verifies an existing listener, keeping their password and dropping their links', async () => {
    const listener = await createUser({ verified: false, email: 'promote.me@example.com' });
    await VerificationTokenModel.create({
      user: listener._id,
      tokenHash: 'x'.repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const before = await UserModel.findById(listener._id).select('+password').lean();
    await bootstrapAdmin(
      createTestContext({ ADMIN_EMAIL: 'PROMOTE.me@example.com', ADMIN_PASSWORD: 'Different!9x' }),
    );
    const after = await UserModel.findById(listener._id).select('+password').lean();
    expect(after).toMatchObject({ isAdmin: true, verified: true, name: listener.name });
    expect(after!.password).toBe(before!.password);
    expect(await VerificationTokenModel.countDocuments({ user: listener._id })).toBe(0);
    expect(await UserModel.countDocuments({ email: 'promote.me@example.com' })).toBe(1);
  });

  it('does nothing without the settings', async () => {
    const count = await UserModel.countDocuments();
    await bootstrapAdmin(createTestContext());
    expect(await UserModel.countDocuments()).toBe(count);
  });

  it('stops the start with a line naming the settings when the new admin would break the rules', async () => {
    await expect(
      bootstrapAdmin(
        createTestContext({ ADMIN_EMAIL: 'weak@example.com', ADMIN_PASSWORD: 'password' }),
      ),
    ).rejects.toThrow(
      /^Invalid configuration: ADMIN_EMAIL\/ADMIN_PASSWORD\/ADMIN_NAME: "Password" should contain/,
    );
    await expect(
      bootstrapAdmin(
        createTestContext({
          ADMIN_EMAIL: 'short@example.com',
          ADMIN_PASSWORD: 'Str0ng!pass',
          ADMIN_NAME: 'Al',
        }),
      ),
    ).rejects.toThrow(/"Name" length must be at least 4/);
    expect(
      await UserModel.exists({ email: { $in: ['weak@example.com', 'short@example.com'] } }),
    ).toBeNull();
  });

  it('reports what it did', async () => {
    const input = { email: 'report@example.com', name: 'Reporter', password: 'Rep0rt!pass' };
    expect((await ensureAdmin(new AppData(), input)).action).toBe('created');
    expect((await ensureAdmin(new AppData(), input)).action).toBe('unchanged');
    await UserModel.updateOne({ email: input.email }, { $set: { isAdmin: false } });
    const again = await ensureAdmin(new AppData(), { ...input, password: 'ignored' });
    expect(again.action).toBe('promoted');
    expect(again.user).toMatchObject({
      email: 'report@example.com',
      isAdmin: true,
      verified: true,
    });
  });
});
