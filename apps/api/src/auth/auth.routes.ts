import { Router } from 'express';
import bcrypt from 'bcrypt';
import { API_MESSAGES, loginSchema, type LoginResponse } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { findLoginUser } from '../users/users.repo.js';
import {
  BCRYPT_COST,
  normalizeEmail,
  resendVerificationIfDue,
  systemClock,
  type Clock,
} from '../users/accounts.service.js';
import { signToken } from './jwt.js';
import { LoginGuard } from './loginGuard.js';

export interface AuthRouterOptions {
  /** Brute-force guard; tests pass one with a fake clock. */
  guard?: LoginGuard;
  /** Clock for the verification-mail resend interval. */
  now?: Clock;
}

let dummyHash: Promise<string> | undefined;
/** A hash of the same cost, compared against when the email is unknown, so both cases take as long. */
function timingDummyHash(): Promise<string> {
  return (dummyHash ??= bcrypt.hash('samaa-timing-equaliser', BCRYPT_COST));
}

/** POST /api/login (and /api/login/): email + password → JWT and the user record. */
export function authRouter(ctx: AppContext, opts: AuthRouterOptions = {}): Router {
  const router = Router();
  const guard = opts.guard ?? new LoginGuard();
  const now = opts.now ?? systemClock;

  router.post('/', async (req, res) => {
    const input = validate<{ email: string; password: string }>(loginSchema, req.body);
    const email = normalizeEmail(input.email);
    const ip = req.ip;

    const verdict = guard.check(email, ip);
    if (verdict.blocked) {
      throw new HttpError(429, API_MESSAGES.tooManyLogins, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }

    const user = await findLoginUser(email);
    const ok = await bcrypt.compare(input.password, user?.passwordHash ?? (await timingDummyHash()));
    if (!user || !ok) {
      guard.recordFailure(email, ip);
      throw unauthorized(API_MESSAGES.invalidCredentials);
    }
    guard.recordSuccess(email);

    const data = user.record;
    if (!data.verified) {
      const sent = await resendVerificationIfDue(ctx, data, now());
      throw unauthorized(sent ? API_MESSAGES.verifyFirst : API_MESSAGES.verifyFirstRecent);
    }

    const authToken = signToken(
      { _id: data._id, name: data.name, isAdmin: data.isAdmin },
      ctx.jwtSecret,
      ctx.config.jwtExpiresIn,
    );
    const body: LoginResponse = { authToken, data, message: API_MESSAGES.loggedIn };
    res.set('Cache-Control', 'no-store').status(200).json(body);
  });

  return router;
}
