import type { ApiKeyInfo } from '@samaa/shared';
import { ApiKeyModel } from './apiKey.model.js';

interface ApiKeyDoc {
  _id: string;
  keyId: string;
  user: unknown;
  name: string;
  createdAt?: Date;
}

const toInfo = (doc: ApiKeyDoc): ApiKeyInfo => ({
  id: doc.keyId,
  name: doc.name,
  createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
});

export async function insertApiKey(keyHash: string, keyId: string, userId: string, name: string): Promise<ApiKeyInfo> {
  const doc = await ApiKeyModel.create({ _id: keyHash, keyId, user: userId, name });
  return toInfo(doc.toObject());
}

/** The owner of a key, by the key's hash. */
export async function findApiKeyOwner(keyHash: string): Promise<string | null> {
  const doc = await ApiKeyModel.findById(keyHash).select('user').lean();
  return doc ? String(doc.user) : null;
}

async function keyDocsOf(userId: string): Promise<ApiKeyDoc[]> {
  return ApiKeyModel.find({ user: userId }).lean<ApiKeyDoc[]>();
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
  const { deletedCount } = await ApiKeyModel.deleteOne({ _id: doc._id });
  return deletedCount === 1;
}

/** Cascade of a user delete. */
export async function deleteApiKeysOf(userId: string): Promise<void> {
  await ApiKeyModel.deleteMany({ user: userId });
}
