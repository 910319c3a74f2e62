import { Router } from 'express';
import { API_MESSAGES, loginSchema, type LoginResponse } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { findLoginUser } from '../users/accounts.service.js';
import {
  normalizeEmail,
  resendVerificationIfDue,
  systemClock,
  type Clock,
} from '../users/accounts.service.js';
import { checkCredentials } from './checkCredentials.js';
import { signToken } from './jwt.js';
import { passwordMatches } from './password.js';
import { createLoginThrottle, type LoginThrottle } from './loginThrottle.js';
import { setMediaCookie } from '../media/mediaCookie.js';

export interface AuthRouterOptions {
  /** Brute-force throttle; tests pass one with short windows. */
  throttle?: LoginThrottle;
  /** Clock for the verification-mail resend interval. */
  now?: Clock;
}

/** POST /api/login (and /api/login/): email + password → JWT and the user record, and the media cookie. */
export function authRouter(ctx: AppContext, opts: AuthRouterOptions = {}): Router {
  const router = Router();
  const throttle = opts.throttle ?? createLoginThrottle(undefined, ctx.redis);
  const now = opts.now ?? systemClock;

  router.post('/', async (req, res) => {
    const input = validate<{ email: string; password: string }>(loginSchema, req.body);
    const email = normalizeEmail(input.email);
    const ip = req.ip;

    const user = await checkCredentials(throttle, email, ip, {
      verify: async () => {
        const found = await findLoginUser(ctx.data, email);
        // The hash is checked even for an unknown email: the answer takes as long either way.
        const ok = await passwordMatches(input.password, found?.passwordHash);
        return found && ok ? found : undefined;
      },
      refused: (seconds) => new HttpError(429, API_MESSAGES.tooManyLogins, { 'Retry-After': String(seconds) }),
      wrong: () => unauthorized(API_MESSAGES.invalidCredentials),
    });

    const data = user.record;
    if (!data.verified) {
      const sent = await resendVerificationIfDue(ctx, data, now());
      throw unauthorized(sent ? API_MESSAGES.verifyFirst : API_MESSAGES.verifyFirstRecent);
    }

    const authToken = signToken(
      { _id: data._id, name: data.name, isAdmin: data.isAdmin, v: user.tokenVersion },
      ctx.jwtSecret,
      ctx.config.jwtExpiresIn,
    );
    // Covers and audio elements load /media with this cookie; they cannot send the token.
    setMediaCookie(res, ctx, { _id: data._id, v: user.tokenVersion });
    const body: LoginResponse = { authToken, data, message: API_MESSAGES.loggedIn };
    res.set('Cache-Control', 'no-store').status(200).json(body);
  });

  return router;
}
