import bcrypt from 'bcrypt';
import { PASSWORD_MAX_BYTES } from '@samaa/shared';

/** bcrypt's work factor for every stored password. */
const BCRYPT_COST = 10;

/** The bcrypt hash stored for a new or changed password. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// eslint-disable-next-line no-restricted-syntax -- pure memo: one hash of a fixed password, made on first use
let dummyHash: Promise<string> | undefined;
/** A hash of the same cost, compared against when there is no user, so both cases take as long. */
function timingDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword('samaa-timing-equaliser'));
}

/**
 * Whether `password` is the one behind `hash` (undefined: no such user). bcrypt reads only the
 * first 72 bytes, so a longer password would match a stored 72-byte one with any ending: it never
 * matches (every stored password is within 72 bytes), after the same work as any other attempt.
 */
export async function passwordMatches(password: string, hash: string | undefined): Promise<boolean> {
  const tooLong = Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
  const matches = await bcrypt.compare(password, tooLong || !hash ? await timingDummyHash() : hash);
  return matches && !tooLong && hash !== undefined;
}
