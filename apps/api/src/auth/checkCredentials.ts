import type { LoginThrottle } from './loginThrottle.js';

export interface CredentialCheck<T> {
  /** What the credentials open (a user, a user id), or undefined when they are wrong. */
  verify: () => Promise<T | undefined>;
  /** The error for an email or address over its limit of failures, given the seconds to wait. */
  refused: (retryAfterSeconds: number) => Error;
  /** The error for wrong credentials. */
  wrong: () => Error;
}

/**
 * Every sign-in that takes a secret goes through the brute-force throttle (loginThrottle.ts) the
 * same way: refused while the email and address are over their limit, slowed while the account
 * is under attack, then verified; a failure is counted and a success clears the pair's count.
 * Each caller says only how to verify and how its protocol spells the two refusals.
 */
export async function checkCredentials<T>(throttle: LoginThrottle, email: string, ip: string | undefined, check: CredentialCheck<T>): Promise<T> {
  const admission = await throttle.admit(email, ip);
  if (admission.refusedForSeconds) throw check.refused(admission.refusedForSeconds);
  if (admission.delayMs) await new Promise((resolve) => setTimeout(resolve, admission.delayMs));
  const found = await check.verify();
  if (found === undefined) {
    await throttle.failed(email, ip);
    throw check.wrong();
  }
  await throttle.succeeded(email, ip);
  return found;
}
