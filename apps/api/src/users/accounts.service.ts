import { API_MESSAGES, registrationSchema, type User, type UserRecord } from '@samaa/shared';
import { hashPassword } from '../auth/password.js';
import type { AppContext } from '../context.js';
import type { AppData } from '../db/appData.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { isObjectId, validate } from '../http/validate.js';
import { verificationLink, verificationMail } from '../mail/verificationMail.js';
import { deletePasswordResetsOf } from './passwordResets.repo.js';
import * as users from './users.repo.js';
import {
  claimVerificationResend,
  deleteUnverifiedUser,
  deleteUserById,
  DuplicateEmailError,
  emailTaken,
  insertUser,
  listUserRecords,
  markVerified,
  releaseVerificationResend,
  type LoginUser,
  type UserIdentity,
} from './users.repo.js';
import {
  consumeVerificationToken,
  deleteExpiredVerificationTokens,
  deleteVerificationToken,
  deleteVerificationTokensOf,
  insertVerificationToken,
} from './verificationTokens.repo.js';
import {
  hashVerificationToken,
  newVerificationToken,
  VERIFICATION_TOKEN_PATTERN,
  VERIFICATION_TTL_MS,
} from './verificationToken.js';

/** An unverified user who tries to log in gets a fresh mail at most this often. */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** Account messages that are not in the shared catalogue (the web shows its own texts for these). */
export const ACCOUNT_MESSAGES = {
  userDeleted: 'User deleted successfully',
  userNotFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  mailFailed: 'We could not send the verification email. Please try again later.',
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// --- verification tokens -------------------------------------------------------------------

const SWEEP_INTERVAL_MS = 60_000;

/** Deletes expired verification tokens, at most once a minute per app (its clock may be a test's), without holding up the request. */
function sweepExpiredTokens(ctx: AppContext, now: number): void {
  if (!ctx.accounts.sweepDue(now, SWEEP_INTERVAL_MS)) return;
  deleteExpiredVerificationTokens(ctx.data, new Date(now)).then(
    (count) => {
      if (count) ctx.logger.debug(`removed ${count} expired verification tokens`);
    },
    (err: unknown) => ctx.logger.warn({ err }, 'could not sweep expired verification tokens'),
  );
}

/**
 * Stores a fresh single-use token for this user and mails its link. Without SMTP the link is
 * also logged, so a newcomer can verify from the console. A mail that cannot be sent removes
 * its token and answers 503.
 */
export async function sendVerificationMail(
  ctx: AppContext,
  user: { _id: string; name: string; email: string },
  now: number,
): Promise<void> {
  const token = newVerificationToken();
  const rowId = await insertVerificationToken(ctx.data, user._id, hashVerificationToken(token), new Date(now + VERIFICATION_TTL_MS));
  const link = verificationLink(ctx.config.appUrl, user._id, token);
  const { mailer } = ctx;
  try {
    const sent = await mailer.send(verificationMail(user, link));
    if (mailer.kind === 'outbox') {
      ctx.logger.info(
        { file: sent.file },
        `Verification mail for ${user.email} written to ${sent.file}. Verification link: ${link}`,
      );
    } else {
      ctx.logger.info(`Verification mail sent to ${user.email}`);
    }
  } catch (err) {
    ctx.logger.error({ err: err instanceof Error ? err.message : String(err) }, `could not send the verification mail to ${user.email}`);
    await deleteVerificationToken(ctx.data, rowId).catch(() => undefined);
    throw new HttpError(503, ACCOUNT_MESSAGES.mailFailed, { 'Retry-After': '60' });
  }
  sweepExpiredTokens(ctx, now);
}

// --- registration and verification ------------------------------------------------------

/** POST /api/users: validates, refuses taken emails, stores the bcrypt hash, mails a link. */
export async function registerUser(ctx: AppContext, body: unknown, now: number): Promise<void> {
  const input = validate<User>(registrationSchema, body);
  const email = normalizeEmail(input.email);
  if (await emailTaken(ctx.data, email)) throw conflict(API_MESSAGES.emailTaken);

  const hash = await hashPassword(input.password);
  let user;
  try {
    user = await insertUser(ctx.data, {
      name: input.name,
      email,
      password: hash,
      gender: input.gender,
      verified: false,
      isAdmin: false,
      verificationSentAt: new Date(now),
    });
  } catch (err) {
    if (err instanceof DuplicateEmailError) throw conflict(API_MESSAGES.emailTaken);
    throw err;
  }
  try {
    await sendVerificationMail(ctx, user, now);
  } catch (err) {
    // Leave no half-registered account behind: the person can simply register again.
    const userId = user._id;
    await deleteUnverifiedUser(ctx.data, userId).then(
      (deleted) => deleted && ctx.accounts.userChanged(userId),
      () => undefined,
    );
    throw err;
  }
}

/**
 * GET /api/users/:id/verify/:token: consumes the token (atomically, so a link works once) and
 * marks the user verified. Bad, used, expired or malformed links all answer 400.
 */
export async function verifyEmail(
  ctx: AppContext,
  id: string,
  token: string,
  now: number,
): Promise<void> {
  const invalid = () => badRequest(API_MESSAGES.invalidLink);
  if (!isObjectId(id)) throw invalid();
  if (!VERIFICATION_TOKEN_PATTERN.test(token)) throw invalid();
  const userId = id.toLowerCase();
  const expiresAt = await consumeVerificationToken(ctx.data, userId, hashVerificationToken(token));
  sweepExpiredTokens(ctx, now);
  if (!expiresAt || expiresAt.getTime() <= now) throw invalid();
  if (!(await markVerified(ctx.data, userId))) throw invalid();
  // The other links this user was sent are moot now.
  await deleteVerificationTokensOf(ctx.data, userId);
}

/**
 * For an unverified user who logged in with the right password: mails a fresh link unless one
 * went out in the last 10 minutes. The claim on `verificationSentAt` is one conditional update,
 * so concurrent logins send one mail. Returns whether a mail was sent.
 */
export async function resendVerificationIfDue(
  ctx: AppContext,
  user: { _id: string; name: string; email: string },
  now: number,
): Promise<boolean> {
  const sentAt = new Date(now);
  if (!(await claimVerificationResend(ctx.data, user._id, new Date(now - RESEND_INTERVAL_MS), sentAt))) return false;
  try {
    await sendVerificationMail(ctx, user, now);
  } catch (err) {
    // Give the next attempt its chance to send.
    await releaseVerificationResend(ctx.data, user._id, sentAt).catch(() => undefined);
    throw err;
  }
  return true;
}

// --- admin: users --------------------------------------------------------------------------

/** GET /api/users: every user record, newest first. */
export function listUsers(data: AppData): Promise<UserRecord[]> {
  return listUserRecords(data);
}

/**
 * DELETE /api/users/:id: removes the user first (their tokens stop working at once, since the
 * auth middleware checks that the user exists), then raises `userDeleted`, which every feature
 * holding their data follows (see composition.ts); it answers once all of them are done.
 */
export async function deleteUser(ctx: AppContext, adminId: string, id: string): Promise<void> {
  if (id === adminId.toLowerCase()) throw badRequest(ACCOUNT_MESSAGES.cannotDeleteSelf);
  if (!(await deleteUserById(ctx.data, id))) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  ctx.accounts.userChanged(id);
  await ctx.events.emit('userDeleted', id);
}

/** When a user goes: their verification links and password resets. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return Promise.all([deleteVerificationTokensOf(data, userId), deletePasswordResetsOf(data, userId)]);
}

// --- what other features use -----------------------------------------------------------------

/** Makes the read model of who tokens name with the app, not on its first signed-in request. */
export function prepareIdentities(data: AppData): void {
  users.prepareIdentities(data);
}

/** Who a token's user is now (null once deleted): the auth middleware's check, cached briefly. */
export function findIdentity(data: AppData, id: string): Promise<UserIdentity | null> {
  return users.findIdentity(data, id);
}

/** The account behind a sign-in email, with its password hash. */
export function findLoginUser(data: AppData, email: string): Promise<LoginUser | null> {
  return users.findLoginUser(data, email);
}

/** The account with this (normalised) email, without secrets. */
export function findUserByEmail(data: AppData, email: string): Promise<UserRecord | null> {
  return users.findUserByEmail(data, email);
}

/** The account with this id, without secrets. */
export function findUserRecord(data: AppData, id: string): Promise<UserRecord | null> {
  return users.findUserRecord(data, id);
}

/** How many accounts there are (only the verified ones when asked): the admin's analytics. */
export function countUsers(data: AppData, filter: { verified?: true } = {}): Promise<number> {
  return users.countUsers(data, filter);
}

/** When each account made since `since` signed up (the admin's analytics). */
export function signupTimesSince(data: AppData, since: Date): Promise<Date[]> {
  return users.signupTimesSince(data, since);
}

/** Another process changed this account: this app forgets what it knew of it. */
export function forgetUserIdentity(data: AppData, id: string): void {
  users.forgetUserIdentity(data, id);
}

