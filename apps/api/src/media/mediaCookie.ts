import type { CookieOptions, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';
import { secretKeyOf } from '../auth/jwt.js';

/*
 * The media cookie: what lets `<img>` and `<audio>` (which cannot send a token header) load
 * /media. It holds a JWT of its own (audience "samaa-media", the user's id and token version, no
 * name), so it is refused as a session token by the API and a session token is refused as it; it
 * is HttpOnly, SameSite=Lax and sent to /media only.
 */

export const MEDIA_COOKIE = 'samaa_media';
const AUDIENCE = 'samaa-media';
const ALGORITHM = 'HS256' as const;

export interface MediaCookieClaims {
  userId: string;
  /** The user's token version when it was signed: a password change ends it. */
  v: number;
}

function cookieOptions(ctx: AppContext): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/media', secure: ctx.config.appUrl.startsWith('https:') };
}

/** Sets the cookie for a session of this user and token version; it lasts as long as a session token. */
export function setMediaCookie(res: Response, ctx: AppContext, user: { _id: string; v?: number }): void {
  const expiresIn = ctx.config.jwtExpiresIn;
  const token = jwt.sign({ sub: user._id, v: user.v ?? 0 }, secretKeyOf(ctx.jwtSecret), {
    algorithm: ALGORITHM,
    audience: AUDIENCE,
    expiresIn: (/^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn) as jwt.SignOptions['expiresIn'],
  });
  const { exp } = jwt.decode(token) as { exp: number };
  res.cookie(MEDIA_COOKIE, token, { ...cookieOptions(ctx), expires: new Date(exp * 1000) });
}

export function clearMediaCookie(res: Response, ctx: AppContext): void {
  res.clearCookie(MEDIA_COOKIE, cookieOptions(ctx));
}

/** The cookie's value as sent, if any (one cookie by name: no parser needed for the rest). */
export function mediaCookieOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === MEDIA_COOKIE) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Verified cookie tokens until they expire: every range request of a play carries the same one. */
const verified = new LRUCache<string, { claims: MediaCookieClaims; expiresAtMs: number }>({ max: 5000 });

/** Signature, audience and expiry checked; the user and version are the caller's to check. */
export function verifyMediaCookie(token: string, secret: string): MediaCookieClaims | null {
  const cacheKey = `${secret}\n${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (Date.now() < hit.expiresAtMs) return hit.claims;
    verified.delete(cacheKey);
  }
  try {
    const payload = jwt.verify(token, secretKeyOf(secret), { algorithms: [ALGORITHM], audience: AUDIENCE });
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, v, exp } = payload;
    if (typeof sub !== 'string' || typeof exp !== 'number') return null;
    const claims = { userId: sub, v: typeof v === 'number' ? v : 0 };
    verified.set(cacheKey, { claims, expiresAtMs: exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
