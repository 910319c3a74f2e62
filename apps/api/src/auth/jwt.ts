import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';

/** What our tokens carry: the user's _id, name and isAdmin (the web reads them from the token). */
export interface TokenClaims {
  _id: string;
  name: string;
  isAdmin: boolean;
  /** The user's token version when it was signed (absent: 0). */
  v?: number;
}

const ALGORITHM = 'HS256' as const;

export function signToken(claims: TokenClaims, secret: string, expiresIn: string): string {
  const { _id, name, isAdmin, v = 0 } = claims;
  return jwt.sign({ _id, name, isAdmin, v }, secret, {
    algorithm: ALGORITHM,
    expiresIn: (/^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn) as jwt.SignOptions['expiresIn'],
  });
}

/**
 * The secret as a key object, made once: given a string, jsonwebtoken tries to parse it as a
 * public key on every verify, which costs more than the HMAC itself.
 */
// eslint-disable-next-line no-restricted-syntax -- pure memo: a key object derived from its secret
const keys = new Map<string, crypto.KeyObject>();
export function secretKeyOf(secret: string): crypto.KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, with their claims until they expire: the same few tokens arrive on
 * every request, and decoding and HMAC-checking each again was a visible share of a search's CPU
 * (docs/performance.md, "Figures behind the code"). Only
 * an exact, once-verified token string (for the same secret) is taken from here.
 */
type Verified = LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>;
// eslint-disable-next-line no-restricted-syntax -- pure memo: what a token string verified to under a secret, bounded and expiring
const verifiedBySecret = new Map<string, Verified>();
function verifiedWith(secret: string): Verified {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new LRUCache({ max: 5000 });
    verifiedBySecret.set(secret, verified);
  }
  return verified;
}

/** Verifies signature, algorithm (pinned: `alg: none` and others are refused) and expiry. */
export function verifyToken(token: string, secret: string): TokenClaims | null {
  const verified = verifiedWith(secret);
  const hit = verified.get(token);
  if (hit) {
    if (Date.now() < hit.expiresAtMs) return hit.claims;
    verified.delete(token);
  }
  try {
    const payload = jwt.verify(token, secretKeyOf(secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return null;
    const { _id, name, isAdmin, v, exp } = payload as Record<string, unknown>;
    if (typeof _id !== 'string' || typeof name !== 'string') return null;
    const claims = { _id, name, isAdmin: isAdmin === true, v: typeof v === 'number' ? v : 0 };
    verified.set(token, { claims, expiresAtMs: typeof exp === 'number' ? exp * 1000 : Infinity });
    return claims;
  } catch {
    return null;
  }
}
