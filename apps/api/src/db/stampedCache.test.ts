import { describe, expect, it } from 'vitest';
import { StampedCache } from './stampedCache.js';

/** A read that resolves when told, counting how often the cache asked for it. */
function slowRead(value: string) {
  let resolve!: (v: string) => void;
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return new Promise<string>((r) => (resolve = r));
    },
    finish: () => resolve(value),
    reads: () => reads,
  };
}

/** The read has begun (the cache looks at its stamp first). */
const started = () => new Promise((resolve) => setImmediate(resolve));

describe('a stamped cache', () => {
  it("keeps a read that overlapped writes of other keys only (a long list's first read is not lost to other listeners' writes)", async () => {
    const cache = new StampedCache<string, string>({ max: 10 });
    const long = slowRead('many');
    const pending = cache.get('a', long.read);
    await started();
    cache.forget('b');
    cache.patched('c', (kept) => kept);
    long.finish();
    expect(await pending).toBe('many');
    expect(await cache.get('a', () => Promise.resolve('read again'))).toBe('many');
  });

  it('does not keep a read that overlapped a write of its key, or a drop of everything', async () => {
    for (const write of [(c: StampedCache<string, string>) => c.forget('a'), (c: StampedCache<string, string>) => c.patched('a', (kept) => kept), (c: StampedCache<string, string>) => c.forget()]) {
      const cache = new StampedCache<string, string>({ max: 10 });
      const stale = slowRead('stale');
      const pending = cache.get('a', stale.read);
      await started();
      write(cache);
      stale.finish();
      expect(await pending).toBe('stale');
      expect(await cache.get('a', () => Promise.resolve('fresh'))).toBe('fresh');
    }
  });

  it('with shareReads, gives readers that arrive during a read that read, whatever other keys are written', async () => {
    const cache = new StampedCache<string, string>({ max: 10, shareReads: true });
    const long = slowRead('many');
    const first = cache.get('a', long.read);
    await started();
    cache.forget('b');
    cache.patched('c', (kept) => kept);
    const others = Array.from({ length: 9 }, () => cache.get('a', long.read));
    await started();
    long.finish();
    expect(await Promise.all([first, ...others])).toEqual(Array(10).fill('many'));
    expect(long.reads()).toBe(1);
  });

  it('with shareReads, starts a new read after a write of the key or a drop of everything, and keeps only that one', async () => {
    for (const write of [(c: StampedCache<string, string>) => c.forget('a'), (c: StampedCache<string, string>) => c.patched('a', (kept) => kept), (c: StampedCache<string, string>) => c.forget()]) {
      const cache = new StampedCache<string, string>({ max: 10, shareReads: true });
      const stale = slowRead('stale');
      const pending = cache.get('a', stale.read);
      await started();
      write(cache);
      const fresh = slowRead('fresh');
      const after = [cache.get('a', fresh.read), cache.get('a', fresh.read)];
      await started();
      stale.finish();
      fresh.finish();
      expect([await pending, ...(await Promise.all(after))]).toEqual(['stale', 'fresh', 'fresh']);
      expect([stale.reads(), fresh.reads()]).toEqual([1, 1]);
      expect(await cache.get('a', () => Promise.resolve('read again'))).toBe('fresh');
    }
  });
});
