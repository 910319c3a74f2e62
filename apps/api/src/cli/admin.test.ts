import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdminCli, type CliIo } from './admin.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const script = path.join(import.meta.dirname, 'admin.ts');
const dbName = `cli_${crypto.randomBytes(6).toString('hex')}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-cli-'));
let conn: mongoose.Connection;

/** Runs `npm run admin -- …` the way the script does (tsx src/cli/admin.ts …), in a clean folder. */
function runCli(args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], {
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? workDir,
        MONGODB_URI: inject('dbUri'),
        MONGODB_DB_NAME: dbName,
        DATA_DIR: path.join(workDir, 'data'),
        LOG_LEVEL: 'silent',
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

const users = () => conn.collection('users');

beforeAll(async () => {
  conn = await mongoose.createConnection(inject('dbUri'), { dbName }).asPromise();
});
afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

// Each run starts tsx and hashes with bcrypt cost 10: seconds, more on a busy machine.
describe('npm run admin -- create', { timeout: 120_000 }, () => {
  it('creates a verified admin with the password from ADMIN_PASSWORD, then is idempotent', async () => {
    const first = await runCli(
      ['create', '--email', 'Cli.Admin@Example.com', '--name', 'Cli Admin'],
      {
        env: { ADMIN_PASSWORD: 'Cl1!Admin-pw' },
      },
    );
    expect(first.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Created the verified admin cli.admin@example.com (Cli Admin).');
    expect(first.stdout).toContain(`MongoDB (MONGODB_URI), ${dbName}`);
    const doc = await users().findOne({ email: 'cli.admin@example.com' });
    expect(doc).toMatchObject({
      name: 'Cli Admin',
      isAdmin: true,
      verified: true,
      gender: 'non-binary',
    });
    expect(String(doc!.password)).toMatch(/^\$2b\$10\$/);

    const again = await runCli(
      ['create', '--email', 'cli.admin@example.com', '--name', 'Cli Admin'],
      {
        env: { ADMIN_PASSWORD: 'Cl1!Admin-pw' },
      },
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'cli.admin@example.com is already a verified admin; nothing to do.',
    );
    expect(await users().countDocuments({ email: 'cli.admin@example.com' })).toBe(1);
  });

  it('reads the password from the prompt (standard input) and promotes an existing listener', async () => {
    await users().insertOne({
      name: 'Some Listener',
      email: 'listener@example.com',
      password: '$2b$04$abcdefghijklmnopqrstuuN0fJq4Nf0fJq4Nf0fJq4Nf0fJq4Nf0',
      gender: 'male',
      verified: false,
      isAdmin: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const res = await runCli(
      ['create', '--email', 'listener@example.com', '--name', 'Ignored Name'],
      {
        stdin: 'Pr0mpt!pass\n',
      },
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'listener@example.com is now a verified admin (password unchanged).',
    );
    expect(await users().findOne({ email: 'listener@example.com' })).toMatchObject({
      name: 'Some Listener',
      isAdmin: true,
      verified: true,
    });

    const created = await runCli(
      ['create', '--email', 'typed@example.com', '--name', 'Typed Admin', '--gender', 'female'],
      {
        stdin: 'Typ3d!password\n',
      },
    );
    expect(created.code).toBe(0);
    expect(await users().findOne({ email: 'typed@example.com' })).toMatchObject({
      gender: 'female',
      isAdmin: true,
    });
  });

  it('refuses a password that breaks the registration rules', async () => {
    const res = await runCli(['create', '--email', 'weak@example.com', '--name', 'Weak Admin'], {
      env: { ADMIN_PASSWORD: 'password' },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('"Password" should contain at least 1 upper-cased letter');
    expect(await users().findOne({ email: 'weak@example.com' })).toBeNull();
  });
});

describe('admin CLI arguments (no database needed)', () => {
  function io(env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const cli: CliIo = {
      env: { DATA_DIR: path.join(workDir, 'nodb'), ...env },
      cwd: workDir,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      readPassword: async () => {
        throw new Error('must not prompt');
      },
    };
    return { cli, out, err };
  }

  it.each([
    [[], 'Usage: npm run admin -- create'],
    [['remove', '--email', 'a@b.com'], 'Usage: npm run admin -- create'],
    [['create'], '--email is required.'],
    [
      ['create', '--email', 'a@b.com', '--gender', 'robot'],
      '--gender must be one of male, female, non-binary.',
    ],
    [['create', '--email', 'a@b.com', '--bogus'], "Unknown option '--bogus'"],
  ])('exits 2 with a usage message for %j', async (args, message) => {
    const { cli, err } = io();
    expect(await runAdminCli(args, cli)).toBe(2);
    expect(err.join('\n')).toContain(message);
  });

  it('prints the usage for --help', async () => {
    const { cli, out } = io();
    expect(await runAdminCli(['--help'], cli)).toBe(0);
    expect(out.join('\n')).toContain('ADMIN_PASSWORD');
  });

  it('exits 1 naming a malformed setting', async () => {
    const { cli, err } = io({ PORT: 'not-a-port', ADMIN_PASSWORD: 'Str0ng!pass' });
    expect(await runAdminCli(['create', '--email', 'a@b.com'], cli)).toBe(1);
    expect(err.join('\n')).toMatch(/^Invalid configuration: "PORT"/);
  });

  it('refuses to open the embedded database of a running server, naming the holder', async () => {
    const dataDir = path.join(workDir, 'busy');
    fs.mkdirSync(dataDir, { recursive: true });
    const holder = { pid: process.ppid, command: 'npm start', since: new Date().toISOString() };
    fs.writeFileSync(path.join(dataDir, 'samaa.lock'), JSON.stringify(holder));
    const { cli, err } = io({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Str0ng!pass' });
    expect(await runAdminCli(['create', '--email', 'a@b.com'], cli)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(`is in use by "npm start" (pid ${process.ppid}`);
  });
});
