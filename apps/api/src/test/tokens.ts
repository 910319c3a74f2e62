import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TEST_JWT_SECRET } from './context.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens that must all be refused for the user `_id`: unsigned (`alg: none`), signed with another
 * algorithm (HS512 with our secret, RS256 with a fresh key pair), with another secret, expired,
 * or just garbage.
 */
export function forgedTokens(_id: string, name = 'Forger', isAdmin = true): Record<string, string> {
  const claims = { _id, name, isAdmin };
  const now = Math.floor(Date.now() / 1000);
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, iat: now })}.`,
    algNoneUpper: `${b64url({ alg: 'NONE', typ: 'JWT' })}.${b64url({ ...claims, iat: now })}.`,
    hs512: jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS512', expiresIn: '1h' }),
    rs256: jwt.sign(claims, privateKey, { algorithm: 'RS256', expiresIn: '1h' }),
    otherSecret: jwt.sign(claims, 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256', expiresIn: '1h' }),
    expired: jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, TEST_JWT_SECRET, { algorithm: 'HS256' }),
    tamperedPayload: tamper(jwt.sign({ ...claims, isAdmin: false }, TEST_JWT_SECRET, { algorithm: 'HS256' }), claims),
    garbage: 'not.a.token',
    empty: '.',
  };
}

/** Swaps the payload of a valid token (e.g. to grant isAdmin) while keeping its signature. */
function tamper(token: string, claims: object): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url({ ...claims, iat: Math.floor(Date.now() / 1000) })}.${signature}`;
}
