import type { Gender, UserRecord } from '@samaa/shared';
import { isDuplicateKey } from '../db/dataErrors.js';
import { isSoleWriter, serialised } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { defineKept, type AppData } from '../db/appData.js';
import { toUserRecord, USER_MODEL } from './user.model.js';

const userModel = (data: AppData) => data.model(USER_MODEL);

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

const userLock = (data: AppData, id: string) => `${data.name}:user:${id.toLowerCase()}`;
const RECORD_FIELDS = { _id: 1, name: 1, email: 1, gender: 1, verified: 1, isAdmin: 1, createdAt: 1 } as const;

/** Throws DuplicateEmailError when the email is taken. */
export async function insertUser(data: AppData, user: NewUser): Promise<UserRecord> {
  try {
    return toUserRecord(await userModel(data).create(user));
  } catch (err) {
    if (isDuplicateKey(err)) throw new DuplicateEmailError(user.email);
    throw err;
  }
}

/**
 * Who a token's user is, without a database read on every request: every change of a user in
 * this app drops its entry at once (and its service tells other processes through Redis, when
 * configured). Where other processes may change users too, the users stamp (moved by every user
 * write) is read about every USERS_CHECK_MS and all entries go when it moved (USERS_BOUND_MS); an entry never
 * lives longer than IDENTITY_MAX_MS, the bound should a process die between a write and its stamp.
 */
export const USERS_CHECK_MS = 1000;
/** How late a change by another process may show here: the stamp is read ahead (sharedStamp.ts). */
export const USERS_BOUND_MS = 2 * USERS_CHECK_MS;
export const IDENTITY_MAX_MS = 30_000;
const IDENTITIES = defineKept(
  'userIdentities',
  (data) => new StampedCache<string, { identity: UserIdentity | null }>({ max: 50_000, stamp: { name: 'users', checkMs: USERS_CHECK_MS, data } }),
);
const identities = (data: AppData) => data.kept(IDENTITIES);

/**
 * Makes the identities' read model now (the app's composition) rather than on the first signed-in
 * request, which paid for it: its LRU allocates all its places up front (docs/performance.md).
 */
export function prepareIdentities(data: AppData): void {
  identities(data);
}

/** Drops what this app knows of a user (another process changed them). */
export function forgetUserIdentity(data: AppData, id: string): void {
  identities(data).forget(id.toLowerCase());
}

/**
 * After a write of a user: here at once, elsewhere once the stamp moved (milliseconds later). A
 * write that changed nothing (no such user) moves nothing.
 */
function forgetIdentity(data: AppData, id: string, changed = true): void {
  if (!changed) return forgetUserIdentity(data, id);
  identities(data).changed(id.toLowerCase());
}

export async function findIdentity(data: AppData, id: string): Promise<UserIdentity | null> {
  const read = async () => {
    const user = await userModel(data).findById(id).select('_id name isAdmin tokenVersion').lean();
    return { identity: user ? { _id: String(user._id), name: user.name, isAdmin: Boolean(user.isAdmin), tokenVersion: user.tokenVersion ?? 0 } : null };
  };
  // Spread between half and all of the bound, so entries read together are not re-read together.
  const ttl = () => (isSoleWriter() ? 0 : IDENTITY_MAX_MS * (0.5 + Math.random() / 2));
  return (await identities(data).get(id.toLowerCase(), read, ttl)).identity;
}

export async function findUserRecord(data: AppData, id: string): Promise<UserRecord | null> {
  const user = await userModel(data).findById(id, RECORD_FIELDS).lean();
  return user ? toUserRecord(user) : null;
}

export async function findUserByEmail(data: AppData, email: string): Promise<UserRecord | null> {
  const user = await userModel(data).findOne({ email }, RECORD_FIELDS).lean();
  return user ? toUserRecord(user) : null;
}

export async function findLoginUser(data: AppData, email: string): Promise<LoginUser | null> {
  const user = await userModel(data).findOne({ email }).select('+password').lean();
  if (!user) return null;
  return {
    record: toUserRecord(user),
    passwordHash: user.password,
    verificationSentAt: user.verificationSentAt ?? null,
    tokenVersion: user.tokenVersion ?? 0,
  };
}

/** The stored hash and token version of a user, by id. */
export async function findPasswordOf(data: AppData, id: string): Promise<{ passwordHash: string; tokenVersion: number } | null> {
  const user = await userModel(data).findById(id).select('+password tokenVersion').lean();
  return user ? { passwordHash: user.password, tokenVersion: user.tokenVersion ?? 0 } : null;
}

/** Stores a new bcrypt hash and moves the token version, ending every session; the new version. */
export async function replacePassword(data: AppData, id: string, passwordHash: string): Promise<number | null> {
  const version = await serialised(userLock(data, id), async () => {
    const user = await userModel(data).findById(id).select('tokenVersion').lean();
    if (!user) return null;
    const next = (user.tokenVersion ?? 0) + 1;
    await userModel(data).updateOne({ _id: id }, { $set: { password: passwordHash, tokenVersion: next } });
    return next;
  });
  forgetIdentity(data, id, version !== null);
  return version;
}

export async function emailTaken(data: AppData, email: string): Promise<boolean> {
  return (await userModel(data).exists({ email })) !== null;
}

/** Every user record, newest first. */
export async function listUserRecords(data: AppData): Promise<UserRecord[]> {
  const users = await userModel(data).find({}, RECORD_FIELDS).sort({ createdAt: -1, _id: -1 }).lean();
  return users.map((u) => toUserRecord(u));
}

export async function markVerified(data: AppData, id: string): Promise<boolean> {
  const { matchedCount } = await serialised(userLock(data, id), () => userModel(data).updateOne({ _id: id }, { $set: { verified: true } }));
  return matchedCount > 0;
}

export async function makeVerifiedAdmin(data: AppData, id: string): Promise<boolean> {
  const { matchedCount } = await serialised(userLock(data, id), () => userModel(data).updateOne({ _id: id }, { $set: { isAdmin: true, verified: true } }));
  forgetIdentity(data, id, matchedCount > 0);
  return matchedCount > 0;
}

/**
 * Claims the right to send an unverified user a verification mail: true when none went out
 * since `cutoff`, and then `sentAt` is recorded. One claim wins among concurrent ones.
 */
export async function claimVerificationResend(data: AppData, id: string, cutoff: Date, sentAt: Date): Promise<boolean> {
  const { modifiedCount } = await serialised(userLock(data, id), () =>
    userModel(data).updateOne(
      { _id: id, verified: false, $or: [{ verificationSentAt: null }, { verificationSentAt: { $lte: cutoff } }] },
      { $set: { verificationSentAt: sentAt } },
    ),
  );
  return modifiedCount > 0;
}

/** Undoes a claim whose mail could not be sent, so the next attempt may send. */
export async function releaseVerificationResend(data: AppData, id: string, sentAt: Date): Promise<void> {
  await serialised(userLock(data, id), () => userModel(data).updateOne({ _id: id, verificationSentAt: sentAt }, { $set: { verificationSentAt: null } }));
}

export async function deleteUserById(data: AppData, id: string): Promise<boolean> {
  const { deletedCount } = await userModel(data).deleteOne({ _id: id });
  forgetIdentity(data, id, deletedCount > 0);
  return deletedCount > 0;
}

/** Removes an account that never got verified (a registration whose mail failed); whether it did. */
export async function deleteUnverifiedUser(data: AppData, id: string): Promise<boolean> {
  const { deletedCount } = await serialised(userLock(data, id), () => userModel(data).deleteOne({ _id: id, verified: false }));
  forgetIdentity(data, id, deletedCount > 0);
  return deletedCount > 0;
}

export function countUsers(data: AppData, filter: { verified?: true } = {}): Promise<number> {
  return userModel(data).countDocuments(filter);
}

export async function signupTimesSince(data: AppData, since: Date): Promise<Date[]> {
  const users = await userModel(data)
    .find({ createdAt: { $gte: since } })
    .select('createdAt')
    .lean();
  return users.map((u) => new Date(u.createdAt));
}
