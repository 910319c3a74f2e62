import type { Gender, UserRecord } from '@samaa/shared';
import { isDuplicateKey } from '../db/dataErrors.js';
import { isSoleWriter, serialised } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { toUserRecord, UserModel } from './user.model.js';

export interface NewUser {
  name: string;
  email: string;
  /** bcrypt hash. */
  password: string;
  gender: Gender;
  verified: boolean;
  isAdmin: boolean;
  verificationSentAt?: Date | null;
  createdAt?: Date;
}

/** What the auth middleware needs of a token's user. */
export interface UserIdentity {
  _id: string;
  name: string;
  isAdmin: boolean;
  /** Tokens signed with another version are no longer valid. */
  tokenVersion: number;
}

/** A user as the login needs it: the record, the hash and when the last verification mail went out. */
export interface LoginUser {
  record: UserRecord;
  passwordHash: string;
  verificationSentAt: Date | null;
  tokenVersion: number;
}

export class DuplicateEmailError extends Error {}

const userLock = (id: string) => `user:${id.toLowerCase()}`;
const RECORD_FIELDS = { _id: 1, name: 1, email: 1, gender: 1, verified: 1, isAdmin: 1, createdAt: 1 } as const;

/** Throws DuplicateEmailError when the email is taken. */
export async function insertUser(user: NewUser): Promise<UserRecord> {
  try {
    return toUserRecord(await UserModel.create(user));
  } catch (err) {
    if (isDuplicateKey(err)) throw new DuplicateEmailError(user.email);
    throw err;
  }
}

/**
 * Who a token's user is, without a database read on every request: every change of a user in
 * this process drops its entry at once (and tells other processes through Redis, when
 * configured). Where other processes may change users too, the users stamp (moved by every user
 * write) is read about every USERS_CHECK_MS and all entries go when it moved (USERS_BOUND_MS); an entry never
 * lives longer than IDENTITY_MAX_MS, the bound should a process die between a write and its stamp.
 */
export const USERS_CHECK_MS = 1000;
/** How late a change by another process may show here: the stamp is read ahead (sharedStamp.ts). */
export const USERS_BOUND_MS = 2 * USERS_CHECK_MS;
export const IDENTITY_MAX_MS = 30_000;
const identities = new StampedCache<string, { identity: UserIdentity | null }>({
  max: 50_000,
  stamp: { name: 'users', checkMs: USERS_CHECK_MS },
});

// eslint-disable-next-line no-restricted-syntax -- process-wide like the identity cache it announces changes of (redis/announcements.ts subscribes)
const userChangeListeners = new Set<(id: string) => void>();

/** Called in this process after a user is changed or deleted (other processes are told of it). */
export function onUserChanged(listener: (id: string) => void): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

/** Drops what this process knows of a user (another process changed them). */
export function forgetUserIdentity(id: string): void {
  identities.forget(id.toLowerCase());
}

/**
 * After a write of a user: here at once, elsewhere once the stamp moved (milliseconds later). A
 * write that changed nothing (no such user) moves nothing.
 */
function forgetIdentity(id: string, changed = true): void {
  if (!changed) return forgetUserIdentity(id);
  identities.changed(id.toLowerCase());
  for (const listener of userChangeListeners) listener(id.toLowerCase());
}

export async function findIdentity(id: string): Promise<UserIdentity | null> {
  const read = async () => {
    const user = await UserModel.findById(id).select('_id name isAdmin tokenVersion').lean();
    return {
      identity: user
        ? { _id: String(user._id), name: user.name, isAdmin: Boolean(user.isAdmin), tokenVersion: user.tokenVersion ?? 0 }
        : null,
    };
  };
  // Spread between half and all of the bound, so entries read together are not re-read together.
  const ttl = () => (isSoleWriter() ? 0 : IDENTITY_MAX_MS * (0.5 + Math.random() / 2));
  return (await identities.get(id.toLowerCase(), read, ttl)).identity;
}

export async function findUserRecord(id: string): Promise<UserRecord | null> {
  const user = await UserModel.findById(id, RECORD_FIELDS).lean();
  return user ? toUserRecord(user) : null;
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const user = await UserModel.findOne({ email }, RECORD_FIELDS).lean();
  return user ? toUserRecord(user) : null;
}

export async function findLoginUser(email: string): Promise<LoginUser | null> {
  const user = await UserModel.findOne({ email }).select('+password').lean();
  if (!user) return null;
  return {
    record: toUserRecord(user),
    passwordHash: user.password,
    verificationSentAt: user.verificationSentAt ?? null,
    tokenVersion: user.tokenVersion ?? 0,
  };
}

/** The stored hash and token version of a user, by id. */
export async function findPasswordOf(id: string): Promise<{ passwordHash: string; tokenVersion: number } | null> {
  const user = await UserModel.findById(id).select('+password tokenVersion').lean();
  return user ? { passwordHash: user.password, tokenVersion: user.tokenVersion ?? 0 } : null;
}

/** Stores a new bcrypt hash and moves the token version, ending every session; the new version. */
export async function replacePassword(id: string, passwordHash: string): Promise<number | null> {
  const version = await serialised(userLock(id), async () => {
    const user = await UserModel.findById(id).select('tokenVersion').lean();
    if (!user) return null;
    const next = (user.tokenVersion ?? 0) + 1;
    await UserModel.updateOne({ _id: id }, { $set: { password: passwordHash, tokenVersion: next } });
    return next;
  });
  forgetIdentity(id, version !== null);
  return version;
}

export async function emailTaken(email: string): Promise<boolean> {
  return (await UserModel.exists({ email })) !== null;
}

/** Every user record, newest first. */
export async function listUserRecords(): Promise<UserRecord[]> {
  const users = await UserModel.find({}, RECORD_FIELDS).sort({ createdAt: -1, _id: -1 }).lean();
  return users.map((u) => toUserRecord(u));
}

export async function markVerified(id: string): Promise<boolean> {
  const { matchedCount } = await serialised(userLock(id), () =>
    UserModel.updateOne({ _id: id }, { $set: { verified: true } }),
  );
  return matchedCount > 0;
}

export async function makeVerifiedAdmin(id: string): Promise<boolean> {
  const { matchedCount } = await serialised(userLock(id), () =>
    UserModel.updateOne({ _id: id }, { $set: { isAdmin: true, verified: true } }),
  );
  forgetIdentity(id, matchedCount > 0);
  return matchedCount > 0;
}

/**
 * Claims the right to send an unverified user a verification mail: true when none went out
 * since `cutoff`, and then `sentAt` is recorded. One claim wins among concurrent ones.
 */
export async function claimVerificationResend(id: string, cutoff: Date, sentAt: Date): Promise<boolean> {
  const { modifiedCount } = await serialised(userLock(id), () =>
    UserModel.updateOne(
      { _id: id, verified: false, $or: [{ verificationSentAt: null }, { verificationSentAt: { $lte: cutoff } }] },
      { $set: { verificationSentAt: sentAt } },
    ),
  );
  return modifiedCount > 0;
}

/** Undoes a claim whose mail could not be sent, so the next attempt may send. */
export async function releaseVerificationResend(id: string, sentAt: Date): Promise<void> {
  await serialised(userLock(id), () =>
    UserModel.updateOne({ _id: id, verificationSentAt: sentAt }, { $set: { verificationSentAt: null } }),
  );
}

export async function deleteUserById(id: string): Promise<boolean> {
  const { deletedCount } = await UserModel.deleteOne({ _id: id });
  forgetIdentity(id, deletedCount > 0);
  return deletedCount > 0;
}

/** Removes an account that never got verified (a registration whose mail failed). */
export async function deleteUnverifiedUser(id: string): Promise<void> {
  const { deletedCount } = await serialised(userLock(id), () => UserModel.deleteOne({ _id: id, verified: false }));
  forgetIdentity(id, deletedCount > 0);
}

export function countUsers(filter: { verified?: true } = {}): Promise<number> {
  return UserModel.countDocuments(filter);
}

export async function signupTimesSince(since: Date): Promise<Date[]> {
  const users = await UserModel.find({ createdAt: { $gte: since } }).select('createdAt').lean();
  return users.map((u) => new Date(u.createdAt));
}
