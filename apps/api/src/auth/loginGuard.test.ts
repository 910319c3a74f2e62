import { describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS, LoginGuard, MAX_FAILED_LOGINS } from './loginGuard.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('LoginGuard', () => {
  it('allows 10 failures per email in 15 minutes, refuses the 11th attempt, and lifts when the window passes', () => {
    expect(MAX_FAILED_LOGINS).toBe(10);
    expect(LOGIN_WINDOW_MS).toBe(15 * 60 * 1000);
    const c = clock();
    const guard = new LoginGuard({ now: c.now });
    for (let i = 0; i < 10; i += 1) {
      expect(guard.check('a@x.com', `10.0.0.${i}`).blocked).toBe(false);
      guard.recordFailure('a@x.com', `10.0.0.${i}`);
      c.advance(1000);
    }
    const verdict = guard.check('A@X.com ', '10.0.1.1');
    expect(verdict.blocked).toBe(true);
    // The first failure leaves the window 15 min after it happened (10 s have passed).
    expect(verdict.retryAfterSeconds).toBe(15 * 60 - 10);
    c.advance(15 * 60 * 1000 - 10_000 - 1);
    expect(guard.check('a@x.com', '10.0.1.1').blocked).toBe(true);
    c.advance(1);
    expect(guard.check('a@x.com', '10.0.1.1').blocked).toBe(false);
  });

  it('counts per IP across emails', () => {
    const c = clock();
    const guard = new LoginGuard({ now: c.now });
    for (let i = 0; i < 10; i += 1) guard.recordFailure(`u${i}@x.com`, '1.2.3.4');
    expect(guard.check('fresh@x.com', '1.2.3.4').blocked).toBe(true);
    expect(guard.check('fresh@x.com', '5.6.7.8').blocked).toBe(false);
    c.advance(LOGIN_WINDOW_MS);
    expect(guard.check('fresh@x.com', '1.2.3.4').blocked).toBe(false);
  });

  it('is a sliding window: old failures fall out one by one', () => {
    const c = clock();
    const guard = new LoginGuard({ now: c.now });
    guard.recordFailure('a@x.com', undefined);
    c.advance(10 * 60 * 1000);
    for (let i = 0; i < 9; i += 1) guard.recordFailure('a@x.com', undefined);
    expect(guard.check('a@x.com', undefined).blocked).toBe(true);
    c.advance(5 * 60 * 1000); // the first failure leaves; nine remain
    expect(guard.check('a@x.com', undefined).blocked).toBe(false);
    guard.recordFailure('a@x.com', undefined);
    expect(guard.check('a@x.com', undefined)).toEqual({
      blocked: true,
      retryAfterSeconds: 10 * 60,
    });
  });

  it('forgets an email after a successful login, but not the IP', () => {
    const guard = new LoginGuard({ now: clock().now });
    for (let i = 0; i < 9; i += 1) guard.recordFailure('a@x.com', '9.9.9.9');
    guard.recordSuccess('A@x.com');
    guard.recordFailure('a@x.com', '9.9.9.9');
    expect(guard.check('a@x.com', '8.8.8.8').blocked).toBe(false);
    expect(guard.check('b@x.com', '9.9.9.9').blocked).toBe(true);
  });

  it('keeps memory bounded', () => {
    const c = clock();
    const guard = new LoginGuard({ now: c.now, maxKeys: 100 });
    for (let i = 0; i < 1000; i += 1) guard.recordFailure(`u${i}@x.com`, '1.1.1.1');
    expect(guard.size).toBeLessThanOrEqual(101);
    // The busy IP is the most recent key, so it is never the one evicted.
    expect(guard.check('new@x.com', '1.1.1.1').blocked).toBe(true);
  });
});
