import crypto from 'node:crypto';

/** How long a verification link stays valid. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Random bytes in a verification token (sent as hex, so 64 characters). */
export const VERIFICATION_TOKEN_BYTES = 32;

/** Only this is stored, so a database dump does not hold usable links. */
export function hashVerificationToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newVerificationToken(): string {
  return crypto.randomBytes(VERIFICATION_TOKEN_BYTES).toString('hex');
}

/** The shape of a token as it appears in a link we sent. */
export const VERIFICATION_TOKEN_PATTERN = new RegExp(`^[0-9a-f]{${VERIFICATION_TOKEN_BYTES * 2}}$`);
