import { LRUCache } from 'lru-cache';
import { SharedStamp } from './sharedStamp.js';

export interface StampedCacheOptions {
  /** Most entries kept (least recently used go first). */
  max: number;
  /**
   * When other API processes may write the same data: the shared stamp every write moves, and
   * how often it is read (sharedStamp.ts). Without it only this process's writes drop entries.
   */
  stamp?: { name: string; checkMs: number };
}

/**
 * A repository's read model: values read from the database, kept per key until a write drops
 * them. Every write in this process counts, so a read that overlapped a write does not keep what
 * it saw; with a stamp, a write by another process drops every entry within twice its check.
 */
export class StampedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  private readonly stamp: SharedStamp | undefined;
  private writes = 0;

  constructor({ max, stamp }: StampedCacheOptions) {
    this.entries = new LRUCache<K, V>({ max });
    this.stamp = stamp && new SharedStamp(stamp.name, stamp.checkMs, () => this.forget());
  }

  /** The kept value, or `read`'s, kept for `ttlMs` (0: until a write) unless a write overlapped the read. */
  async get(key: K, read: () => Promise<V>, ttlMs: () => number = () => 0): Promise<V> {
    await this.stamp?.check();
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const before = this.writes;
    const value = await read();
    if (this.writes === before) this.entries.set(key, value, { ttl: ttlMs() });
    return value;
  }

  /** Drops what this process keeps of `key` (of everything without one), as a write does. */
  forget(key?: K): void {
    this.writes += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  /** After a write here: drops the key (or everything) and moves the stamp for the other processes. */
  changed(key?: K): void {
    this.forget(key);
    void this.stamp?.move();
  }

  /**
   * After a write here that `next` can apply to the kept value of `key`: keeps `next(kept)` in its
   * place, with what is left of its time, instead of dropping it (a read in flight is still not
   * kept). `next` returns a new value: callers may key other caches on the old one.
   */
  patched(key: K, next: (kept: V) => V): void {
    this.writes += 1;
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      const left = this.entries.getRemainingTTL(key);
      this.entries.set(key, next(kept), { ttl: Number.isFinite(left) ? left : 0 });
    }
    void this.stamp?.move();
  }
}
