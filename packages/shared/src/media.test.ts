import { describe, expect, it } from 'vitest';
import { isUnsafeFileName, mediaObjectName, sanitizeFileName } from './media.js';

describe('media file names', () => {
  it('keeps ordinary names and prefixes the timestamp', () => {
    expect(sanitizeFileName('song.mp3')).toBe('song.mp3');
    expect(mediaObjectName('My Song (live).mp3', 1700000000000)).toBe('1700000000000My-Song-live.mp3');
  });

  it('strips accents, spaces, leading dots and path parts', () => {
    expect(sanitizeFileName('Beyoncé – Halo.flac')).toBe('Beyonce-Halo.flac');
    expect(sanitizeFileName('.hidden')).toBe('hidden');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('a..b.mp3')).toBe('a.b.mp3');
    expect(sanitizeFileName('???')).toBe('file');
  });

  it('caps the length and keeps the extension', () => {
    const long = sanitizeFileName(`${'x'.repeat(300)}.webp`);
    expect(long).toHaveLength(100);
    expect(long.endsWith('.webp')).toBe(true);
  });

  it('flags separators, control characters and dot names as unsafe', () => {
    for (const bad of ['../x.mp3', 'a\\b.png', 'a\u0000.mp3', 'line\nbreak.mp3', '..', '.']) {
      expect(isUnsafeFileName(bad)).toBe(true);
    }
    expect(isUnsafeFileName('Ünïcode song.mp3')).toBe(false);
  });
});
