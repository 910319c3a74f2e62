import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { TranscodeCache } from './transcodeCache.js';

const logger = createLogger('silent');

async function put(cache: TranscodeCache, name: string, size: number): Promise<void> {
  const part = await cache.partFile(name);
  fs.writeFileSync(part, Buffer.alloc(size, 1));
  await cache.admit(part, name, size);
}

describe('TranscodeCache', () => {
  it('keeps at most its size, deleting the least recently served file first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-tc-'));
    const cache = new TranscodeCache(dir, 250, logger);
    await put(cache, 'a.opus', 100);
    await put(cache, 'b.opus', 100);
    expect(await cache.lookup('a.opus')).toBe(path.join(dir, 'a.opus')); // a is now the most recent
    await put(cache, 'c.opus', 100);
    expect(fs.readdirSync(dir).sort()).toEqual(['a.opus', 'c.opus']);
    expect(await cache.lookup('b.opus')).toBeUndefined();
    expect(cache.totalBytes).toBe(200);
    await put(cache, 'huge.opus', 300); // larger than the whole cache: not kept
    expect(fs.readdirSync(dir).sort()).toEqual(['a.opus', 'c.opus']);
  });

  it('forgets a file another process deleted, and rebuilds its index from the folder, dropping dead part files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-tc-'));
    fs.writeFileSync(path.join(dir, 'old.mp3'), Buffer.alloc(10));
    fs.writeFileSync(path.join(dir, 'new.mp3'), Buffer.alloc(10));
    fs.utimesSync(path.join(dir, 'old.mp3'), new Date(1000), new Date(1000));
    fs.writeFileSync(path.join(dir, 'x.mp3.part-999999999-1'), Buffer.alloc(10)); // its writer is gone
    const cache = new TranscodeCache(dir, 25, logger);
    expect(await cache.lookup('new.mp3')).toBeDefined();
    expect(fs.existsSync(path.join(dir, 'x.mp3.part-999999999-1'))).toBe(false);
    await put(cache, 'third.mp3', 10); // over 25 bytes: the oldest (by modification time) goes
    expect(fs.readdirSync(dir).sort()).toEqual(['new.mp3', 'third.mp3']);
    fs.rmSync(path.join(dir, 'new.mp3'));
    expect(await cache.lookup('new.mp3')).toBeUndefined();
    expect(cache.totalBytes).toBe(10);
  });
});
