import { describe, expect, it } from 'vitest';
import { keySealer } from './keySeal.js';

const OLD = 'an-old-secret-that-is-long-enough-0123456789';
const NEW = 'a-new-secret-that-is-long-enough-9876543210';
const KEY = 'samaa_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('app key sealing', () => {
  it('opens what it sealed, and only for the key it was sealed for', () => {
    const sealer = keySealer(NEW);
    const sealed = sealer.seal(KEY, 'hash-a');
    expect(sealed).not.toContain(KEY.slice(6));
    expect(sealer.open(sealed, 'hash-a')).toEqual({ key: KEY, stale: false });
    expect(sealer.open(sealed, 'hash-b')).toBeNull();
    expect(sealer.seal(KEY, 'hash-a')).not.toBe(sealed);
  });

  it('refuses a changed value and a value sealed under an unknown secret', () => {
    const sealed = keySealer(NEW).seal(KEY, 'h');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(keySealer(NEW).open(parts.join('.'), 'h')).toBeNull();
    expect(keySealer(OLD).open(sealed, 'h')).toBeNull();
    expect(keySealer(NEW).open('not sealed', 'h')).toBeNull();
  });

  it('rotates: values sealed under the previous secret open, marked stale', () => {
    const sealed = keySealer(OLD).seal(KEY, 'h');
    const rotated = keySealer(NEW, OLD);
    expect(rotated.open(sealed, 'h')).toEqual({ key: KEY, stale: true });
    expect(rotated.open(rotated.seal(KEY, 'h'), 'h')).toEqual({ key: KEY, stale: false });
  });
});
