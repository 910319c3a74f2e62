import { GENDERS, registrationSchema, type Gender } from '@samaa/shared';
import { hashPassword } from '../auth/password.js';
import type { AppData } from '../db/appData.js';
import { normalizeEmail } from './accounts.service.js';
import { DuplicateEmailError, findUserByEmail, insertUser, makeVerifiedAdmin } from './users.repo.js';
import { deleteVerificationTokensOf } from './verificationTokens.repo.js';
import type { UserRecord } from '@samaa/shared';

/** Gender stored for an admin created from settings or the CLI when none is given. */
export const DEFAULT_ADMIN_GENDER: Gender = 'non-binary';

export class AdminSetupError extends Error {}

export interface AdminInput {
  email: string;
  name: string;
  password: string;
  gender?: Gender;
}

export interface AdminResult {
  /** created: a new verified admin; promoted: an existing user became a verified admin; unchanged: already one. */
  action: 'created' | 'promoted' | 'unchanged';
  user: UserRecord;
}

/**
 * Makes `email` a verified admin, idempotently. A new account must pass the registration rules
 * (name 4–20 characters, the password rules); an existing account keeps its name and password
 * and is promoted and verified (the caller announces that change, where others follow it).
 */
export async function ensureAdmin(data: AppData, input: AdminInput): Promise<AdminResult> {
  const email = normalizeEmail(input.email);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findUserByEmail(data, email);
    if (existing) {
      if (existing.isAdmin && existing.verified) return { action: 'unchanged', user: existing };
      if (!(await makeVerifiedAdmin(data, existing._id))) continue; // deleted meanwhile: create it instead
      await deleteVerificationTokensOf(data, existing._id);
      return { action: 'promoted', user: { ...existing, isAdmin: true, verified: true } };
    }

    const gender = input.gender ?? DEFAULT_ADMIN_GENDER;
    const { error, value } = registrationSchema.validate(
      { name: input.name, email, password: input.password, gender },
      { abortEarly: true },
    );
    if (error) throw new AdminSetupError(error.details[0]?.message ?? error.message);
    try {
      const created = await insertUser(data, { name: value.name, email, password: await hashPassword(input.password), gender, verified: true, isAdmin: true });
      return { action: 'created', user: created };
    } catch (err) {
      if (!(err instanceof DuplicateEmailError)) throw err;
      // Created concurrently (two instances starting): promote that one on the next pass.
    }
  }
  throw new AdminSetupError(`could not create or promote ${email}`);
}

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}
