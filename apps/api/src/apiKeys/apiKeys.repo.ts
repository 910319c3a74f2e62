import type { ApiKeyInfo } from '@samaa/shared';
import { isSoleWriter } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { ApiKeyModel } from './apiKey.model.js';

interface ApiKeyDoc {
  _id: string;
  keyId: string;
  user: unknown;
  name: string;
  sealed?: string | null;
  createdAt?: Date;
}

/** What token sign-in needs of a user's key: its hash (the id) and its sealed copy. */
export interface SealedApiKey {
  keyHash: string;
  sealed: string;
}

const toInfo = (doc: ApiKeyDoc): ApiKeyInfo => ({
  id: doc.keyId,
  name: doc.name,
  createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  tokenSignIn: Boolean(doc.sealed),
});

export async function insertApiKey(keyHash: string, keyId: string, userId: string, name: string, sealed?: string): Promise<ApiKeyInfo> {
  const doc = await ApiKeyModel.create({ _id: keyHash, keyId, user: userId, name, sealed });
  owners.forget(keyHash);
  return toInfo(doc.toObject());
}

/**
 * Key owners as last read, by key hash. Kept only where this process is the database's only
 * writer (the embedded engine): every revocation then happens here and drops its entry before it
 * answers, so a revoked key is refused at once, as by a fresh read. A read that overlapped a
 * revocation is not kept. Where other processes share the database, each check stays a fresh
 * primary-key read: one of them may revoke a key at any moment.
 */
const owners = new StampedCache<string, { owner: string | null }>({ max: 10_000 });

async function readOwner(keyHash: string): Promise<{ owner: string | null }> {
  const doc = await ApiKeyModel.findById(keyHash).select('user').lean();
  return { owner: doc ? String(doc.user) : null };
}

/** The owner of a key, by the key's hash. */
export async function findApiKeyOwner(keyHash: string): Promise<string | null> {
  if (!isSoleWriter()) return (await readOwner(keyHash)).owner;
  const { owner } = await owners.get(keyHash, () => readOwner(keyHash));
  // An unknown key is not kept: the key made next would otherwise wait for its entry to go.
  if (owner === null) owners.forget(keyHash);
  return owner;
}

async function keyDocsOf(userId: string): Promise<ApiKeyDoc[]> {
  return ApiKeyModel.find({ user: userId }).lean<ApiKeyDoc[]>();
}

/** A user's keys that can be read back (made with a sealed copy). */
export async function sealedKeysOf(userId: string): Promise<SealedApiKey[]> {
  const docs = await ApiKeyModel.find({ user: userId }).select('_id sealed').lean<{ _id: string; sealed?: string }[]>();
  return docs.flatMap((doc) => (doc.sealed ? [{ keyHash: doc._id, sealed: doc.sealed }] : []));
}

/** A key sealed again under a rotated secret (a whole-field write: no read-modify-write). */
export async function replaceSealed(keyHash: string, sealed: string): Promise<void> {
  await ApiKeyModel.updateOne({ _id: keyHash }, { $set: { sealed } });
}

/** A user's keys, newest first. */
export async function apiKeysOf(userId: string): Promise<ApiKeyInfo[]> {
  const docs = await keyDocsOf(userId);
  return docs.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0)).map(toInfo);
}

/** Deletes the user's key with this public id; false when the user has none such. */
export async function deleteApiKeyOf(userId: string, keyId: string): Promise<boolean> {
  const doc = (await keyDocsOf(userId)).find((key) => key.keyId === keyId);
  if (!doc) return false;
  owners.forget(doc._id);
  try {
    const { deletedCount } = await ApiKeyModel.deleteOne({ _id: doc._id });
    return deletedCount === 1;
  } finally {
    owners.forget(doc._id);
  }
}

/** Cascade of a user delete. */
export async function deleteApiKeysOf(userId: string): Promise<void> {
  owners.forget();
  try {
    await ApiKeyModel.deleteMany({ user: userId });
  } finally {
    owners.forget();
  }
}
