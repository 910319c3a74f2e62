import mongoose from 'mongoose';
import { KeyedLock } from './keyedLock.js';

/**
 * What the connected server guarantees. Read once per connection from `buildInfo`: FerretDB
 * (v1) applies every update by reading the document, changing it in Go and writing it back with
 * no isolation, so two concurrent updates of one document can lose one of them (50 concurrent
 * `$inc` leave 7). MongoDB applies update operators atomically per document.
 */
export interface EngineTraits {
  name: 'mongodb' | 'ferretdb';
  /** Update operators ($inc, $addToSet, $pull, conditional updates) are atomic per document. */
  atomicUpdates: boolean;
}

let traits: EngineTraits = { name: 'mongodb', atomicUpdates: true };

export async function detectEngine(): Promise<EngineTraits> {
  const info = (await mongoose.connection.db!.admin().command({ buildInfo: 1 })) as { ferretdbVersion?: unknown };
  traits = info.ferretdbVersion
    ? { name: 'ferretdb', atomicUpdates: false }
    : { name: 'mongodb', atomicUpdates: true };
  return traits;
}

export function engineTraits(): EngineTraits {
  return traits;
}

let soleWriter = false;

/**
 * Whether this process is the only one writing to its database: true when it started the
 * embedded engine itself and holds DATA_DIR's lock (db/open.ts). Read models may then be kept
 * until this process changes them; otherwise they are re-read within a short bound.
 */
export function isSoleWriter(): boolean {
  return soleWriter;
}

export function setSoleWriter(value: boolean): void {
  soleWriter = value;
}

const documentLocks = new KeyedLock();

/**
 * Runs a read-modify-write of one document (named by `key`) so that no other write of the same
 * key in this process interleaves with it, where the engine does not make updates atomic. With
 * the embedded engine there is one process per database (see dataDirLock.ts), so this is every
 * writer. On MongoDB the operators are atomic and the task runs at once.
 */
export function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  return traits.atomicUpdates ? task() : documentLocks.run(key, task);
}
