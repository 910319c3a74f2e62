import type { ApiKeyInfo } from '@samaa/shared';
import { isSoleWriter } from '../db/engine.js';
import { StampedCache } from '../db/stampedCache.js';
import { defineKept, type AppData } from '../db/appData.js';
import { API_KEY_MODEL } from './apiKey.model.js';

const apiKeyModel = (data: AppData) => data.model(API_KEY_MODEL);

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

export async function insertApiKey(data: AppData, keyHash: string, keyId: string, userId: string, name: string, sealed?: string): Promise<ApiKeyInfo> {
  const doc = await apiKeyModel(data).create({ _id: keyHash, keyId, user: userId, name, sealed });
  owners(data).forget(keyHash);
  return toInfo(doc.toObject());
}

/**
 * Key owners as last read, by key hash. Kept only where this process is the database's only
 * writer (the embedded engine): every revocation then happens here and drops its entry before it
 * answers, so a revoked key is refused at once, as by a fresh read. A read that overlapped a
 * revocation is not kept. Where other processes share the database, each check stays a fresh
 * primary-key read: one of them may revoke a key at any moment.
 */
const OWNERS = defineKept('apiKeyOwners', () => new StampedCache<string, { owner: string | null }>({ max: 10_000 }));
const owners = (data: AppData) => data.kept(OWNERS);

async function readOwner(data: AppData, keyHash: string): Promise<{ owner: string | null }> {
  const doc = await apiKeyModel(data).findById(keyHash).select('user').lean();
  return { owner: doc ? String(doc.user) : null };
}

/** The owner of a key, by the key's hash. */
export async function findApiKeyOwner(data: AppData, keyHash: string): Promise<string | null> {
  if (!isSoleWriter()) return (await readOwner(data, keyHash)).owner;
  const { owner } = await owners(data).get(keyHash, () => readOwner(data, keyHash));
  // An unknown key is not kept: the key made next would otherwise wait for its entry to go.
  if (owner === null) owners(data).forget(keyHash);
  return owner;
}

async function keyDocsOf(data: AppData, userId: string): Promise<ApiKeyDoc[]> {
  return apiKeyModel(data).find({ user: userId }).lean<ApiKeyDoc[]>();
}

/** A user's keys that can be read back (made with a sealed copy). */
export async function sealedKeysOf(data: AppData, userId: string): Promise<SealedApiKey[]> {
  const docs = await apiKeyModel(data).find({ user: userId }).select('_id sealed').lean<{ _id: string; sealed?: string }[]>();
  return docs.flatMap((doc) => (doc.sealed ? [{ keyHash: doc._id, sealed: doc.sealed }] : []));
}

/** A key sealed again under a rotated secret (a whole-field write: no read-modify-write). */
export async function replaceSealed(data: AppData, keyHash: string, sealed: string): Promise<void> {
  await apiKeyModel(data).updateOne({ _id: keyHash }, { $set: { sealed } });
}

/** A user's keys, newest first. */
export async function apiKeysOf(data: AppData, userId: string): Promise<ApiKeyInfo[]> {
  const docs = await keyDocsOf(data, userId);
  return docs.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0)).map(toInfo);
}

/** Deletes the user's key with this public id; false when the user has none such. */
export async function deleteApiKeyOf(data: AppData, userId: string, keyId: string): Promise<boolean> {
  const doc = (await keyDocsOf(data, userId)).find((key) => key.keyId === keyId);
  if (!doc) return false;
  owners(data).forget(doc._id);
  try {
    const { deletedCount } = await apiKeyModel(data).deleteOne({ _id: doc._id });
    return deletedCount === 1;
  } finally {
    owners(data).forget(doc._id);
  }
}

/** Cascade of a user delete. */
export async function deleteApiKeysOf(data: AppData, userId: string): Promise<void> {
  owners(data).forget();
  try {
    await apiKeyModel(data).deleteMany({ user: userId });
  } finally {
    owners(data).forget();
  }
}
