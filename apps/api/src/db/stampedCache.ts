import { LRUCache } from 'lru-cache';
import type { AppData } from './appData.js';
import { SharedStamp } from './sharedStamp.js';

export interface StampedCacheOptions {
  /** Most entries kept (least recently used go first). */
  max: number;
  /**
   * When other API processes may write the same data: the shared stamp every write moves, and
   * how often it is read (sharedStamp.ts), in the app's data. Without it only this process's
   * writes drop entries.
   */
  stamp?: { name: string; checkMs: number; data: AppData };
  /**
   * Readers of a key that arrive while its read runs share that read, unless a write of the key
   * (or a drop of everything) came since it began: a long read (a listener's thousands of
   * playlists) is then made once for all its readers, whatever other keys are written meanwhile.
   */
  shareReads?: boolean;
}

/** A read in flight: whether a write of its key came since it began, and what it will give. */
interface InFlight<V> {
  overlapped: boolean;
  dropsOfAll: number;
  value?: Promise<V>;
}

/**
 * A repository's read model: values read from the database, kept per key until a write drops
 * them. A read that overlapped a write of its key (or a drop of everything) in this process does
 * not keep what it saw; writes of other keys do not count, so a long read (a listener's thousands
 * of playlists) is kept while other listeners write. With a stamp, a write by another process
 * drops every entry within twice its check.
 */
export class StampedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  private readonly stamp: SharedStamp | undefined;
  /** Drops of everything so far. */
  private dropsOfAll = 0;
  /** Per key, the reads in flight; a write of the key marks them overlapped. */
  private readonly reading = new Map<K, Set<InFlight<V>>>();
  private readonly shareReads: boolean;

  constructor({ max, stamp, shareReads = false }: StampedCacheOptions) {
    this.entries = new LRUCache<K, V>({ max });
    this.stamp = stamp && new SharedStamp(stamp.data, stamp.name, stamp.checkMs, () => this.forget());
    this.shareReads = shareReads;
  }

  /** The kept value, or `read`'s, kept for `ttlMs` (0: until a write) unless a write overlapped the read. */
  async get(key: K, read: () => Promise<V>, ttlMs: () => number = () => 0): Promise<V> {
    await this.stamp?.check();
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    return (this.shareReads && this.sharedRead(key)) || this.readAndKeep(key, read, ttlMs);
  }

  /** A read of `key` in flight that no write of it has overlapped, if any. */
  private sharedRead(key: K): Promise<V> | undefined {
    for (const running of this.reading.get(key) ?? []) {
      if (!running.overlapped && running.dropsOfAll === this.dropsOfAll) return running.value;
    }
    return undefined;
  }

  private readAndKeep(key: K, read: () => Promise<V>, ttlMs: () => number): Promise<V> {
    const mine: InFlight<V> = { overlapped: false, dropsOfAll: this.dropsOfAll };
    let reads = this.reading.get(key);
    if (!reads) this.reading.set(key, (reads = new Set()));
    const running = reads.add(mine);
    mine.value = (async () => {
      try {
        const value = await read();
        if (!mine.overlapped && this.dropsOfAll === mine.dropsOfAll) this.entries.set(key, value, { ttl: ttlMs() });
        return value;
      } finally {
        running.delete(mine);
        if (running.size === 0 && this.reading.get(key) === running) this.reading.delete(key);
      }
    })();
    return mine.value;
  }

  private overlap(key: K): void {
    for (const read of this.reading.get(key) ?? []) read.overlapped = true;
  }

  /** Drops what this process keeps of `key` (of everything without one), as a write does. */
  forget(key?: K): void {
    if (key === undefined) {
      this.dropsOfAll += 1;
      this.entries.clear();
    } else {
      this.overlap(key);
      this.entries.delete(key);
    }
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
    this.overlap(key);
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      const left = this.entries.getRemainingTTL(key);
      this.entries.set(key, next(kept), { ttl: Number.isFinite(left) ? left : 0 });
    }
    void this.stamp?.move();
  }
}
