import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '../http/validate.js';

/*
 * The `state` carried through Last.fm's sign-in: the listener's id, an expiry and a nonce, signed
 * with HMAC-SHA256 under a key derived (HKDF) from the server secret with its own label, so it
 * is neither a sign-in token nor made from one. Whoever brings it back within its lifetime
 * connects that listener: it travels only to Last.fm and back to our callback.
 */

export const STATE_LIFETIME_MS = 10 * 60 * 1000;

export interface StateSigner {
  sign(userId: string, now?: number): string;
  /** The listener's id, or null when forged, malformed or expired. */
  verify(state: string, now?: number): string | null;
}

export function stateSigner(serverSecret: string): StateSigner {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'samaa-lastfm-state', 'hmac-sha256 v1', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(userId, now = Date.now()) {
      const body = `${userId}.${Math.floor((now + STATE_LIFETIME_MS) / 1000)}.${randomBytes(9).toString('base64url')}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(state, now = Date.now()) {
      const parts = state.split('.');
      if (parts.length !== 4) return null;
      const [userId, expires, , sig] = parts as [string, string, string, string];
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(parts.slice(0, 3).join('.'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now) return null;
      return isObjectId(userId) ? userId : null;
    },
  };
}
