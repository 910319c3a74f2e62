import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { isObjectId } from '../http/validate.js';
import { findIdentity } from '../users/accounts.service.js';
import { verifyToken } from './jwt.js';

export interface AuthUser {
  _id: string;
  name: string;
  isAdmin: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by requireAuth. */
      user?: AuthUser;
    }
  }
}

/**
 * Requires a valid `x-auth-token`. The user must still exist; the admin flag is read from the
 * database, not from the token, so a demoted admin loses rights at once.
 */
export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const header = req.header('x-auth-token');
    if (!header) throw unauthorized(API_MESSAGES.noToken);
    const user = await userOfToken(ctx, header);
    if (!user) throw unauthorized(API_MESSAGES.invalidToken);
    req.user = user;
    next();
  };
}

/**
 * The user id a token of this app claims (signature, algorithm and expiry checked), before
 * `userOfToken` tells whether the user still exists and the token is not revoked: what a request
 * may start reading for that user meanwhile, and answer only once `userOfToken` says yes.
 */
export function claimedUserId({ jwtSecret }: Pick<AppContext, 'jwtSecret'>, token: string): string | null {
  const claims = verifyToken(token, jwtSecret);
  return claims && isObjectId(claims._id) ? claims._id : null;
}

/** The user a token names in this app, or null when it is invalid, expired, revoked or of a deleted user. */
export async function userOfToken(
  { data, jwtSecret }: Pick<AppContext, 'data' | 'jwtSecret'>,
  token: string,
): Promise<AuthUser | null> {
  const claims = verifyToken(token, jwtSecret);
  if (!claims || !isObjectId(claims._id)) return null;
  const user = await findIdentity(data, claims._id);
  // A password change moves the version: tokens signed before it no longer work.
  if (!user || user.tokenVersion !== (claims.v ?? 0)) return null;
  return { _id: user._id, name: user.name, isAdmin: user.isAdmin };
}

/** After requireAuth: 403 for anyone who is not an admin. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user?.isAdmin) throw forbidden();
  next();
};

/** The authenticated user; only call after requireAuth. */
export function authUser(req: Express.Request): AuthUser {
  if (!req.user) throw unauthorized(API_MESSAGES.noToken);
  return req.user;
}
