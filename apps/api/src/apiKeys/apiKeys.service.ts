import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_LIMIT, API_KEY_MESSAGES, apiKeyInputSchema, type ApiKeyInfo, type CreatedApiKey } from '@samaa/shared';
import { conflict, notFound } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { apiKeysOf, deleteApiKeyOf, deleteApiKeysOf, findApiKeyOwner, insertApiKey, replaceSealed, sealedKeysOf } from './apiKeys.repo.js';
import type { AppContext } from '../context.js';
import type { AppData } from '../db/appData.js';

/** What a key's use cases need: the app's data and its key sealer. */
export type ApiKeyStores = Pick<AppContext, 'data' | 'keySealer'>;

/** Recognisable in a client's settings and in secret scanners. */
const KEY_PREFIX = 'samaa_';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function createApiKey({ data, keySealer }: ApiKeyStores, userId: string, body: unknown): Promise<CreatedApiKey> {
  const { name } = validate<{ name: string }>(apiKeyInputSchema, body);
  if ((await apiKeysOf(data, userId)).length >= API_KEY_LIMIT) throw conflict(API_KEY_MESSAGES.tooMany);
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const keyHash = hashApiKey(key);
  const sealed = keySealer.seal(key, keyHash);
  const info = await insertApiKey(data, keyHash, randomBytes(9).toString('base64url'), userId, name, sealed);
  return { key, info };
}

export function listApiKeys(data: AppData, userId: string): Promise<ApiKeyInfo[]> {
  return apiKeysOf(data, userId);
}

export async function revokeApiKey(data: AppData, userId: string, keyId: string): Promise<void> {
  if (!(await deleteApiKeyOf(data, userId, keyId))) throw notFound(API_KEY_MESSAGES.notFound);
}

/** The id of the user a key belongs to, or null for an unknown or revoked key. */
export function apiKeyOwner(data: AppData, key: string): Promise<string | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return Promise.resolve(null);
  return findApiKeyOwner(data, hashApiKey(key));
}

/** The owner of the key with this hash (a primary-key read), or null once it is revoked. */
export function apiKeyOwnerByHash(data: AppData, keyHash: string): Promise<string | null> {
  return findApiKeyOwner(data, keyHash);
}

// --- what other features use -----------------------------------------------------------------

/**
 * A user's keys in the clear, for salted-token sign-in (md5(key + salt) needs the key itself):
 * a key sealed under the previous secret is sealed again.
 */
export async function openKeysOf({ data, keySealer: sealer }: ApiKeyStores, userId: string): Promise<{ keyHash: string; key: string }[]> {
  const keys: { keyHash: string; key: string }[] = [];
  for (const { keyHash, sealed } of await sealedKeysOf(data, userId)) {
    const opened = sealer.open(sealed, keyHash);
    if (!opened) continue;
    if (opened.stale) await replaceSealed(data, keyHash, sealer.seal(opened.key, keyHash));
    keys.push({ keyHash, key: opened.key });
  }
  return keys;
}

/** When a user goes: their API keys. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return deleteApiKeysOf(data, userId);
}
