import { describe, expect, it } from 'vitest';
import { mediaSigner } from './mediaSignature.js';

const signer = mediaSigner('a-secret-that-is-long-enough-for-this-test-0123');
const later = new Date(Date.now() + 60_000);

function parts(link: string) {
  const [path, query] = link.split('?');
  return { path: path!, query: Object.fromEntries(new URLSearchParams(query)) };
}

describe('signed media links', () => {
  it('verifies what it signed, until it expires', () => {
    const { path, query } = parts(signer.sign('/media/audio/a.mp3', 'user1', later));
    expect(signer.verify(path, query)).toEqual({ ok: true, by: 'user1' });
    expect(signer.verify(path, query, new Date(later.getTime() + 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed path, expiry, minter or signature', () => {
    const { path, query } = parts(signer.sign('/media/audio/a.mp3', 'user1', later));
    expect(signer.verify('/media/audio/b.mp3', query).ok).toBe(false);
    expect(signer.verify(path, { ...query, exp: String(Number(query.exp) + 1) }).ok).toBe(false);
    expect(signer.verify(path, { ...query, by: 'user2' }).ok).toBe(false);
    const flipped = (query.sig!.startsWith('A') ? 'B' : 'A') + query.sig!.slice(1);
    expect(signer.verify(path, { ...query, sig: flipped })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tells a missing signature from a malformed one', () => {
    expect(signer.verify('/media/audio/a.mp3', {})).toEqual({ ok: false, reason: 'missing' });
    expect(signer.verify('/media/audio/a.mp3', { sig: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify('/media/audio/a.mp3', { exp: ['1'], by: 'u', sig: 'x' })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('does not verify under another secret', () => {
    const { path, query } = parts(signer.sign('/media/audio/a.mp3', 'user1', later));
    expect(mediaSigner('another-secret-that-is-long-enough-0123456789').verify(path, query).ok).toBe(false);
  });
});
