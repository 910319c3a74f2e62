import bcrypt from 'bcrypt';
import mongoose from 'mongoose';
import { API_MESSAGES, registrationSchema, type User, type UserRecord } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { mailerFor } from '../mail/mailer.js';
import { verificationLink, verificationMail } from '../mail/verificationMail.js';
import { LikeModel } from '../likes/like.model.js';
import { deleteAllPlaylistsOf } from '../playlists/playlistIndex.js';
import { toUserRecord, UserModel } from './user.model.js';
import {
  hashVerificationToken,
  newVerificationToken,
  VERIFICATION_TOKEN_PATTERN,
  VERIFICATION_TTL_MS,
  VerificationTokenModel,
} from './verificationToken.model.js';

/** bcrypt work factor for every stored password. */
export const BCRYPT_COST = 10;
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

export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

// --- verification tokens -------------------------------------------------------------------

const SWEEP_INTERVAL_MS = 60_000;
let lastSweep = 0;

/** Deletes expired verification tokens, at most once a minute, without holding up the request. */
function sweepExpiredTokens(ctx: AppContext, now: number): void {
  if (now - lastSweep < SWEEP_INTERVAL_MS && now >= lastSweep) return;
  lastSweep = now;
  VerificationTokenModel.deleteMany({ expiresAt: { $lte: new Date(now) } }).then(
    (res) => {
      if (res.deletedCount)
        ctx.logger.debug(`removed ${res.deletedCount} expired verification tokens`);
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
  user: { _id: unknown; name: string; email: string },
  now: number,
): Promise<void> {
  const token = newVerificationToken();
  const row = await VerificationTokenModel.create({
    user: user._id,
    tokenHash: hashVerificationToken(token),
    expiresAt: new Date(now + VERIFICATION_TTL_MS),
  });
  const link = verificationLink(ctx.config.appUrl, String(user._id), token);
  const mailer = mailerFor(ctx);
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
    ctx.logger.error(
      { err: err instanceof Error ? err.message : String(err) },
      `could not send the verification mail to ${user.email}`,
    );
    await VerificationTokenModel.deleteOne({ _id: row._id }).catch(() => undefined);
    throw new HttpError(503, ACCOUNT_MESSAGES.mailFailed, { 'Retry-After': '60' });
  }
  sweepExpiredTokens(ctx, now);
}

// --- registration and verification ------------------------------------------------------

/** POST /api/users: validates, refuses taken emails, stores the bcrypt hash, mails a link. */
export async function registerUser(ctx: AppContext, body: unknown, now: number): Promise<void> {
  const input = validate<User>(registrationSchema, body);
  const email = normalizeEmail(input.email);
  if (await UserModel.exists({ email })) throw conflict(API_MESSAGES.emailTaken);

  const hash = await bcrypt.hash(input.password, BCRYPT_COST);
  let user;
  try {
    user = await UserModel.create({
      name: input.name,
      email,
      password: hash,
      gender: input.gender,
      verified: false,
      isAdmin: false,
      verificationSentAt: new Date(now),
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(API_MESSAGES.emailTaken);
    throw err;
  }
  try {
    await sendVerificationMail(ctx, user, now);
  } catch (err) {
    // Leave no half-registered account behind: the person can simply register again.
    await UserModel.deleteOne({ _id: user._id, verified: false }).catch(() => undefined);
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
  if (!/^[0-9a-fA-F]{24}$/.test(id) || !mongoose.isValidObjectId(id)) throw invalid();
  if (!VERIFICATION_TOKEN_PATTERN.test(token)) throw invalid();
  const userId = new mongoose.Types.ObjectId(id);
  const row = await VerificationTokenModel.findOneAndDelete({
    user: userId,
    tokenHash: hashVerificationToken(token),
  }).lean();
  sweepExpiredTokens(ctx, now);
  if (!row || new Date(row.expiresAt).getTime() <= now) throw invalid();
  const result = await UserModel.updateOne({ _id: userId }, { $set: { verified: true } });
  if (result.matchedCount === 0) throw invalid();
  // The other links this user was sent are moot now.
  await VerificationTokenModel.deleteMany({ user: userId });
}

/**
 * For an unverified user who logged in with the right password: mails a fresh link unless one
 * went out in the last 10 minutes. The claim on `verificationSentAt` is one conditional update,
 * so concurrent logins send one mail. Returns whether a mail was sent.
 *
 * (updateOne rather than findOneAndUpdate: the hidden password field makes Mongoose send a
 * projection with findAndModify, which FerretDB does not implement.)
 */
export async function resendVerificationIfDue(
  ctx: AppContext,
  user: { _id: unknown; name: string; email: string; verificationSentAt?: Date | null },
  now: number,
): Promise<boolean> {
  const cutoff = new Date(now - RESEND_INTERVAL_MS);
  const sentAt = new Date(now);
  const claim = await UserModel.updateOne(
    {
      _id: user._id,
      verified: false,
      $or: [{ verificationSentAt: null }, { verificationSentAt: { $lte: cutoff } }],
    },
    { $set: { verificationSentAt: sentAt } },
  );
  if (claim.modifiedCount === 0) return false;
  try {
    await sendVerificationMail(ctx, user, now);
  } catch (err) {
    // Give the next attempt its chance to send.
    await UserModel.updateOne(
      { _id: user._id, verificationSentAt: sentAt },
      { $set: { verificationSentAt: null } },
    ).catch(() => undefined);
    throw err;
  }
  return true;
}

// --- admin: users --------------------------------------------------------------------------

/** GET /api/users: every user record, newest first. */
export async function listUsers(): Promise<UserRecord[]> {
  const users = await UserModel.find(
    {},
    { _id: 1, name: 1, email: 1, gender: 1, verified: 1, isAdmin: 1, createdAt: 1 },
  )
    .sort({ createdAt: -1, _id: -1 })
    .lean();
  return users.map((u) => toUserRecord(u));
}

/**
 * DELETE /api/users/:id: removes the user first (their tokens stop working at once, since the
 * auth middleware checks that the user exists), then their playlists, likes and links.
 */
export async function deleteUser(adminId: string, id: string): Promise<void> {
  if (id === adminId.toLowerCase()) throw badRequest(ACCOUNT_MESSAGES.cannotDeleteSelf);
  const userId = new mongoose.Types.ObjectId(id);
  const { deletedCount } = await UserModel.deleteOne({ _id: userId });
  if (deletedCount === 0) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  await Promise.all([
    deleteAllPlaylistsOf(id),
    LikeModel.deleteMany({ user: userId }),
    VerificationTokenModel.deleteMany({ user: userId }),
  ]);
}
