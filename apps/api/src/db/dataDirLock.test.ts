import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDataDirFree, DataDirBusyError, lockDataDir } from './dataDirLock.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-lock-'));
const holdAs = (dir: string, pid: number) =>
  fs.writeFileSync(path.join(dir, 'samaa.lock'), JSON.stringify({ pid, command: 'npm start', since: '2026-11-24T00:00:00Z' }));

describe('lockDataDir', () => {
  it('refuses a data folder held by a live process, in one line naming it', () => {
    const dir = tmp();
    holdAs(dir, process.ppid);
    expect(() => lockDataDir(dir, 'npm run seed')).toThrow(DataDirBusyError);
    expect(() => assertDataDirFree(dir)).toThrow(`is in use by "npm start" (pid ${process.ppid}, since 2026-11-24T00:00:00Z)`);
  });

  it('takes over the lock of a process that is gone, and releases its own', () => {
    const dir = tmp();
    holdAs(dir, 2 ** 22 + 12345); // above pid_max: never alive
    const release = lockDataDir(dir, 'npm start');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'samaa.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'samaa.lock'))).toBe(false);
    assertDataDirFree(dir);
  });
});
