import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoRenderCache } from './renderCache.js';

describe('demo render cache', () => {
  let dir: string;
  const previous = process.env.SAMAA_CACHE_DIR;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-cache-'));
    process.env.SAMAA_CACHE_DIR = dir;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.SAMAA_CACHE_DIR;
    else process.env.SAMAA_CACHE_DIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns what was put, under a key derived from the fingerprint', () => {
    const cache = demoRenderCache({ version: 1 });
    expect(cache.get('Song')).toBeUndefined();
    cache.put('Song', { mp3: Buffer.from('mp3'), cover: Buffer.from('png'), duration: 21, encoderDelay: 576, encoderPadding: 300 });
    expect(cache.get('Song')).toEqual({ mp3: Buffer.from('mp3'), cover: Buffer.from('png'), duration: 21, encoderDelay: 576, encoderPadding: 300 });
    expect(demoRenderCache({ version: 2 }).get('Song')).toBeUndefined();
  });

  it('ignores an entry whose metadata file was never completed', () => {
    const cache = demoRenderCache({ version: 1 });
    cache.put('Song', { mp3: Buffer.from('mp3'), cover: Buffer.from('png'), duration: 21, encoderDelay: 576, encoderPadding: 300 });
    const [key] = fs.readdirSync(path.join(dir, 'demo-media'));
    fs.rmSync(path.join(dir, 'demo-media', key!, 'Song.json'));
    expect(cache.get('Song')).toBeUndefined();
  });
});
