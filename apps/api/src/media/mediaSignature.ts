import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * Signed media links: `/media/…?exp=…&by=…&sig=…`, an HMAC-SHA256 of the path, the expiry and who
 * minted the link (a listener's id, or `share:{id}` for a share's public page), under a key derived
 * from the server secret. A link plays without a session until it expires; a changed byte, a
 * missing part or a passed expiry is refused, never served as public.
 */

const HKDF_SALT = 'samaa-media-links';
const HKDF_INFO = 'hmac-sha256 v1';

export interface SignedMediaQuery {
  exp: string;
  by: string;
  sig: string;
}

export type SignatureCheck = { ok: true; by: string } | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

export interface MediaSigner {
  /** `path` (starting with `/media/`) with its signed query, valid until `expiresAt`. */
  sign(path: string, by: string, expiresAt: Date): string;
  /** Checks a request's path and query parts as received. */
  verify(path: string, query: Partial<Record<keyof SignedMediaQuery, unknown>>, now?: Date): SignatureCheck;
}

export function mediaSigner(secret: string): MediaSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
  const mac = (path: string, exp: string, by: string) =>
    createHmac('sha256', key).update(`${path}\n${exp}\n${by}`).digest();
  return {
    sign(path, by, expiresAt) {
      const exp = String(Math.floor(expiresAt.getTime() / 1000));
      const sig = mac(path, exp, by).toString('base64url');
      const query = new URLSearchParams({ exp, by, sig });
      return `${path}?${query.toString()}`;
    },
    verify(path, { exp, by, sig }, now = new Date()) {
      if (typeof exp !== 'string' || typeof by !== 'string' || typeof sig !== 'string') {
        return exp === undefined && by === undefined && sig === undefined
          ? { ok: false, reason: 'missing' }
          : { ok: false, reason: 'invalid' };
      }
      if (!/^\d{1,12}$/.test(exp) || by.length === 0 || by.length > 100 || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
        return { ok: false, reason: 'invalid' };
      }
      const expected = mac(path, exp, by);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      if (Number(exp) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, by };
    },
  };
}
