import { Mutex } from 'async-mutex';

interface Entry {
  mutex: Mutex;
  holders: number;
}

/**
 * One mutex per key, created on demand and dropped when nobody holds or waits for it, so the
 * map stays as small as the number of documents being written right now.
 */
export class KeyedLock {
  private readonly entries = new Map<string, Entry>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { mutex: new Mutex(), holders: 0 };
      this.entries.set(key, entry);
    }
    entry.holders += 1;
    try {
      return await entry.mutex.runExclusive(task);
    } finally {
      entry.holders -= 1;
      if (entry.holders === 0) this.entries.delete(key);
    }
  }

  /** Keys held or waited for (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
