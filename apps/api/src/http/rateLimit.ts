import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { FallbackRateStore } from '../redis/fallbackRateStore.js';
import { REDIS_PREFIX } from '../redis/prefix.js';

/** Per-client-IP budgets. Behind a reverse proxy set TRUST_PROXY so req.ip is the client's. */
export const RATE_LIMITS = {
  /** POST /api/users: account creation sends a mail each time. */
  signup: { limit: 10, windowMs: 60 * 60_000 },
  /** GET /api/users/:id/verify/:token: no guessing of verification links. */
  verify: { limit: 20, windowMs: 15 * 60_000 },
  /** /api/account/password: current-password checks and reset mails. */
  password: { limit: 20, windowMs: 15 * 60_000 },
  /** /api/search: searches of the catalogue index. */
  search: { limit: 60, windowMs: 60_000 },
  /** /api/public/shares: share pages and downloads, open to anyone who has (or guesses at) a link. */
  publicShares: { limit: 60, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * One limiter: counted in Redis across API processes when REDIS_URL is set (in this process's
 * memory while Redis is down), else in memory. Answers 429 JSON {message} with
 * RateLimit/Retry-After headers. A no-op when RATE_LIMITS is off (tests, benchmarks).
 */
export function createLimiter(ctx: AppContext, name: RateLimitName): RequestHandler {
  if (!ctx.config.rateLimits) return (_req, _res, next) => next();
  const { limit, windowMs } = RATE_LIMITS[name];
  return rateLimit({
    limit,
    windowMs,
    ...(ctx.redis ? { store: new FallbackRateStore(ctx.redis, `${REDIS_PREFIX}rate:${name}:`) } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // TRUST_PROXY=true is the operator's statement that a proxy sets X-Forwarded-For.
    validate: { trustProxy: false },
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode).json({ message: API_MESSAGES.tooManyRequests });
    },
  });
}

export interface Limiters {
  signup: RequestHandler;
  verify: RequestHandler;
  password: RequestHandler;
  search: RequestHandler;
  publicShares: RequestHandler;
}

export function createLimiters(ctx: AppContext): Limiters {
  return {
    signup: createLimiter(ctx, 'signup'),
    verify: createLimiter(ctx, 'verify'),
    password: createLimiter(ctx, 'password'),
    search: createLimiter(ctx, 'search'),
    publicShares: createLimiter(ctx, 'publicShares'),
  };
}
