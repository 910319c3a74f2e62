import fs from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {}

const LOCK_FILE = 'samaa.lock';

interface Holder {
  pid: number;
  command: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

function busy(dataDir: string, holder: Holder): DataDirBusyError {
  return new DataDirBusyError(
    `${dataDir} is in use by "${holder.command}" (pid ${holder.pid}, since ${holder.since}); ` +
      'stop it first, or point both at a MongoDB server with MONGODB_URI',
  );
}

/** Throws DataDirBusyError when a live process holds the lock (checked before asking for input). */
export function assertDataDirFree(dataDir: string): void {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw busy(dataDir, holder);
}

/**
 * Makes this process the only one using the embedded database under `dataDir`: the embedded
 * engine serialises writes inside one process only, so a second writer could lose updates.
 * A lock file holds the owner's pid; one whose process is gone (a crash, SIGKILL) is taken over
 * at once. We do not use proper-lockfile: it detects a dead owner only after its staleness
 * period, so every restart after a crash would wait, and it cannot name the holder.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return () => {
        if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw busy(dataDir, holder);
    // Left behind by a process that is gone (or half-written): take it over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirBusyError(`could not lock ${dataDir}`);
}
