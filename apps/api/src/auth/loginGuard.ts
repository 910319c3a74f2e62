/** Failed logins allowed per email and per IP inside one window; the next attempt gets 429. */
export const MAX_FAILED_LOGINS = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface LoginGuardOptions {
  maxFailures?: number;
  windowMs?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  /** Upper bound on tracked keys, so a flood of random emails cannot grow memory without end. */
  maxKeys?: number;
}

export interface GuardVerdict {
  blocked: boolean;
  /** Seconds until an attempt is allowed again (when blocked). */
  retryAfterSeconds: number;
}

/**
 * In-memory brute-force guard for POST /api/login. It keeps the times of recent failed logins
 * per email and per client IP (a sliding window). Once either key has `maxFailures` failures in
 * the window, attempts for it are refused, with the right password too, until enough of those
 * failures are older than the window. Refused attempts are not counted. A successful login
 * clears its email's record (not its IP's).
 *
 * One process only: with several API instances each keeps its own counts.
 */
export class LoginGuard {
  readonly maxFailures: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  /** key → failure times, oldest first, at most maxFailures entries. */
  private readonly failures = new Map<string, number[]>();
  private lastPrune = 0;

  constructor(opts: LoginGuardOptions = {}) {
    this.maxFailures = opts.maxFailures ?? MAX_FAILED_LOGINS;
    this.windowMs = opts.windowMs ?? LOGIN_WINDOW_MS;
    this.now = opts.now ?? (() => Date.now());
    this.maxKeys = opts.maxKeys ?? 100_000;
  }

  private static keys(email: string, ip: string | undefined): string[] {
    const keys = [`email:${email.trim().toLowerCase()}`];
    if (ip) keys.push(`ip:${ip}`);
    return keys;
  }

  /** The failure times of a key that still fall inside the window (drops the stale ones). */
  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const fresh = list.filter((t) => now - t < this.windowMs && t <= now);
    if (fresh.length === 0) this.failures.delete(key);
    else if (fresh.length !== list.length) this.failures.set(key, fresh);
    return fresh;
  }

  check(email: string, ip: string | undefined): GuardVerdict {
    const now = this.now();
    let retryAt = 0;
    for (const key of LoginGuard.keys(email, ip)) {
      const list = this.recent(key, now);
      if (list.length >= this.maxFailures) {
        // Allowed again once the oldest failure that keeps the count at the limit leaves the window.
        const oldest = list[list.length - this.maxFailures] ?? now;
        retryAt = Math.max(retryAt, oldest + this.windowMs);
      }
    }
    return retryAt > 0
      ? { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) }
      : { blocked: false, retryAfterSeconds: 0 };
  }

  recordFailure(email: string, ip: string | undefined): void {
    const now = this.now();
    this.prune(now);
    for (const key of LoginGuard.keys(email, ip)) {
      const list = this.recent(key, now);
      list.push(now);
      while (list.length > this.maxFailures) list.shift();
      // Re-insert so the map stays ordered by last failure (eviction drops the quietest keys).
      this.failures.delete(key);
      this.failures.set(key, list);
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email.trim().toLowerCase()}`);
  }

  /** Number of keys tracked (for tests and diagnostics). */
  get size(): number {
    return this.failures.size;
  }

  private prune(now: number): void {
    if (this.failures.size < this.maxKeys && now - this.lastPrune < this.windowMs) return;
    this.lastPrune = now;
    for (const key of [...this.failures.keys()]) this.recent(key, now);
    // Still too many live keys: forget those whose last failure is oldest.
    const excess = this.failures.size - this.maxKeys + 1;
    if (excess > 0) {
      let n = 0;
      for (const key of this.failures.keys()) {
        if (n++ >= excess) break;
        this.failures.delete(key);
      }
    }
  }
}
