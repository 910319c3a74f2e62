import type { Request, RequestHandler } from 'express';
import { MEDIA_ACCESS_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import type { AppData } from '../db/appData.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { isObjectId } from '../http/validate.js';
import { userOfToken } from '../auth/middleware.js';
import { findIdentity } from '../users/accounts.service.js';
import { mediaCookieOf, verifyMediaCookie } from './mediaCookie.js';
import { mediaSigner } from './mediaSignature.js';

export interface MediaAccessOptions {
  /**
   * Whether links minted by `by` (a user id, or `share:{id}`) still play: a revoked share refuses
   * its links before they expire. Every valid signature plays when absent.
   */
  mintersStillValid?(by: string): Promise<boolean>;
}

/** The session token of the request, from `Authorization: Bearer …` or `x-auth-token`. */
function headerToken(req: Request): string | undefined {
  const authorization = req.header('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? match[1] : authorization;
  }
  return req.header('x-auth-token');
}

async function cookieUserExists(data: AppData, token: string, secret: string): Promise<boolean> {
  const claims = verifyMediaCookie(token, secret);
  if (!claims || !isObjectId(claims.userId)) return false;
  const user = await findIdentity(data, claims.userId);
  return Boolean(user && user.tokenVersion === claims.v);
}

/**
 * Who may read /media (docs/media.md): anyone under PUBLIC_MEDIA; otherwise a signed link (its
 * signature decides: 403 when wrong or expired), else a signed-in listener or admin by token
 * header or media cookie (401 without one that is valid). Never falls back to public.
 */
export function requireMediaAccess(ctx: AppContext, opts: MediaAccessOptions = {}): RequestHandler {
  const signer = mediaSigner(ctx.jwtSecret);
  return async (req, _res, next) => {
    if (ctx.config.media.public) return next();
    const { exp, by, sig } = req.query as Record<string, unknown>;
    if (exp !== undefined || by !== undefined || sig !== undefined) {
      // The path as requested (still percent-encoded), which is what was signed.
      const check = signer.verify(`${req.baseUrl}${req.path}`, { exp, by, sig });
      if (!check.ok) throw forbidden(MEDIA_ACCESS_MESSAGES.badLink);
      if (opts.mintersStillValid && !(await opts.mintersStillValid(check.by))) {
        throw forbidden(MEDIA_ACCESS_MESSAGES.revokedLink);
      }
      return next();
    }
    const token = headerToken(req);
    if (token) {
      if (!(await userOfToken(ctx, token))) throw unauthorized(MEDIA_ACCESS_MESSAGES.signInRequired);
      return next();
    }
    const cookie = mediaCookieOf(req);
    if (cookie && (await cookieUserExists(ctx.data, cookie, ctx.jwtSecret))) return next();
    throw unauthorized(MEDIA_ACCESS_MESSAGES.signInRequired);
  };
}
