import { describe, expect, it } from 'vitest';
import { SHARE_ID_PATTERN, SHARE_MESSAGES, shareInputSchema, shareUpdateSchema, sharePath } from './shares.js';

describe('share contracts', () => {
  it('take a future expiry as a date, null as none, and refuse a past one', () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(shareInputSchema.validate({ kind: 'album', id: 'al-1a2b', expiresAt: later }).value.expiresAt).toBeInstanceOf(Date);
    expect(shareUpdateSchema.validate({ expiresAt: null }).error).toBeUndefined();
    expect(shareUpdateSchema.validate({ expiresAt: '2001-01-01' }).error?.message).toBe('The expiry must be in the future');
    expect(shareInputSchema.validate({ kind: 'artist', id: 'x' }).error?.message).toBe('Kind must be song, album or playlist');
  });

  it('name the public page and the visitor’s 404 text', () => {
    expect(sharePath('abc')).toBe('/s/abc');
    expect(SHARE_ID_PATTERN.test('AAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(SHARE_ID_PATTERN.test('../../etc')).toBe(false);
    expect(SHARE_MESSAGES.gone).toBe('This share link has expired or was revoked.');
  });
});
