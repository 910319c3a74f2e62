import crypto from 'node:crypto';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  PASSWORD_MESSAGES,
  resetPasswordSchema,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { badRequest, HttpError, unauthorized } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { passwordResetLink, passwordResetMail } from '../mail/passwordResetMail.js';
import { hashPassword, passwordMatches } from '../auth/password.js';
import { normalizeEmail } from './accounts.service.js';
import { consumePasswordReset, deletePasswordResetsOf, insertPasswordReset } from './passwordResets.repo.js';
import { findPasswordOf, findUserByEmail, findUserRecord, replacePassword } from './users.repo.js';

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;
const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The signed-in user changes their password: the current one is required. Every session of the
 * user ends (the token version moves); the caller's gets a fresh token, returned here.
 */
export async function changePassword(ctx: AppContext, userId: string, body: unknown): Promise<number> {
  const input = validate<{ currentPassword: string; newPassword: string }>(changePasswordSchema, body);
  const stored = await findPasswordOf(ctx.data, userId);
  if (!stored || !(await passwordMatches(input.currentPassword, stored.passwordHash))) {
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  }
  const version = await replacePassword(ctx.data, userId, await hashPassword(input.newPassword));
  if (version === null) throw unauthorized(PASSWORD_MESSAGES.wrongCurrent);
  ctx.accounts.userChanged(userId);
  return version;
}

/**
 * 'Forgot password?': mails a single-use link, valid 1 hour, to a verified account with that
 * email. The answer is the same whether or not such an account exists.
 */
export async function requestPasswordReset(ctx: AppContext, body: unknown, now: number): Promise<void> {
  const { email } = validate<{ email: string }>(forgotPasswordSchema, body);
  const user = await findUserByEmail(ctx.data, normalizeEmail(email));
  if (!user?.verified) return;
  const token = crypto.randomBytes(32).toString('hex');
  await insertPasswordReset(ctx.data, hashToken(token), user._id, new Date(now + RESET_TTL_MS));
  const link = passwordResetLink(ctx.config.appUrl, user._id, token);
  const { mailer } = ctx;
  try {
    const sent = await mailer.send(passwordResetMail(user, link));
    const where = mailer.kind === 'outbox' ? ` written to ${sent.file}` : ' sent';
    ctx.logger.info(`Password reset mail for ${user.email}${where}`);
  } catch (err) {
    ctx.logger.error({ err: err instanceof Error ? err.message : String(err) }, `could not send the password reset mail to ${user.email}`);
    throw new HttpError(503, 'We could not send the email. Please try again later.', { 'Retry-After': '60' });
  }
}

/** The link's page sets a new password: the link works once, within the hour; every session ends. */
export async function resetPassword(ctx: AppContext, body: unknown, now: number): Promise<void> {
  const input = validate<{ userId: string; token: string; password: string }>(resetPasswordSchema, body);
  const link = await consumePasswordReset(ctx.data, hashToken(input.token.toLowerCase()));
  if (!link || link.userId !== input.userId.toLowerCase() || link.expiresAt.getTime() <= now) {
    throw badRequest(PASSWORD_MESSAGES.invalidResetLink);
  }
  if (!(await findUserRecord(ctx.data, link.userId))) throw badRequest(PASSWORD_MESSAGES.invalidResetLink);
  if ((await replacePassword(ctx.data, link.userId, await hashPassword(input.password))) !== null) ctx.accounts.userChanged(link.userId);
  await deletePasswordResetsOf(ctx.data, link.userId);
}
