import { RateLimiterMemory, RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { REDIS_PREFIX } from '../redis/prefix.js';
import type { RedisLink } from '../redis/redisLink.js';

/**
 * Login throttling after OWASP's authentication guidance: a wrong guess costs the guesser, not the
 * account's owner.
 * - An (email, address) pair is refused for 15 minutes after 5 consecutive failures; a success
 *   clears it.
 * - An address is refused for 15 minutes after 20 failures within 15 minutes, across emails.
 * - An account that many addresses attack is slowed, never locked: past 10 failures within 15
 *   minutes, each attempt for it waits 1 s more per further failure, at most 10 s, before its
 *   password is checked. Its owner's right password from an address that is not itself over
 *   its limit still gets in.
 */
export const LOGIN_LIMITS = {
  pair: { failures: 5, windowSec: 15 * 60, blockSec: 15 * 60 },
  address: { failures: 20, windowSec: 15 * 60, blockSec: 15 * 60 },
  account: { freeFailures: 10, windowSec: 15 * 60, delayStepMs: 1000, maxDelayMs: 10_000 },
};

export type LoginLimits = typeof LOGIN_LIMITS;

export interface Admission {
  /** Refused: seconds until this pair or address may try again. */
  refusedForSeconds?: number;
  /** Admitted after this wait (an account under attack). */
  delayMs: number;
}

export interface LoginThrottle {
  /** Before the password is checked. */
  admit(email: string, ip: string | undefined): Promise<Admission>;
  failed(email: string, ip: string | undefined): Promise<void>;
  succeeded(email: string, ip: string | undefined): Promise<void>;
}

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts in Redis when there is a link (every API process shares them), with this process's
 * memory as the insurance while Redis is unreachable.
 */
function limiter(redis: RedisLink | undefined, options: IRateLimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `${REDIS_PREFIX}${options.keyPrefix}`,
    storeClient: redis.client,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

export function createLoginThrottle(limits: LoginLimits = LOGIN_LIMITS, redis?: RedisLink): LoginThrottle {
  const pairs = limiter(redis, { keyPrefix: 'login-pair', points: limits.pair.failures, duration: limits.pair.windowSec });
  const addresses = limiter(redis, { keyPrefix: 'login-address', points: limits.address.failures, duration: limits.address.windowSec });
  const accounts = limiter(redis, { keyPrefix: 'login-account', points: 1e9, duration: limits.account.windowSec });
  const pairKey = (email: string, ip: string | undefined) => `${emailKey(email)}|${ip ?? ''}`;

  /** Seconds left when `key` has used all its points (or is blocked), else 0. */
  async function refusal(limiter: RateLimiterAbstract, key: string, points: number): Promise<number> {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  /** Counts one failure; the one that reaches the limit blocks the key for `blockSec`. */
  async function count(limiter: RateLimiterAbstract, key: string, points: number, blockSec: number): Promise<void> {
    const state = await limiter.penalty(key, 1);
    if (state.consumedPoints === points) await limiter.block(key, blockSec);
  }

  return {
    async admit(email, ip) {
      const refusedForSeconds = Math.max(
        await refusal(pairs, pairKey(email, ip), limits.pair.failures),
        ip ? await refusal(addresses, ip, limits.address.failures) : 0,
      );
      if (refusedForSeconds) return { refusedForSeconds, delayMs: 0 };
      const failures = (await accounts.get(emailKey(email)))?.consumedPoints ?? 0;
      const over = failures - limits.account.freeFailures;
      return { delayMs: over > 0 ? Math.min(over * limits.account.delayStepMs, limits.account.maxDelayMs) : 0 };
    },
    async failed(email, ip) {
      await count(pairs, pairKey(email, ip), limits.pair.failures, limits.pair.blockSec);
      if (ip) await count(addresses, ip, limits.address.failures, limits.address.blockSec);
      await accounts.penalty(emailKey(email), 1);
    },
    async succeeded(email, ip) {
      await pairs.delete(pairKey(email, ip));
    },
  };
}
