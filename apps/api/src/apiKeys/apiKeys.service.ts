import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_LIMIT, API_KEY_MESSAGES, apiKeyInputSchema, type ApiKeyInfo, type CreatedApiKey } from '@samaa/shared';
import { conflict, notFound } from '../http/errors.js';
import { validate } from '../http/validate.js';
import {
  apiKeysOf,
  deleteApiKeyOf,
  deleteApiKeysOf,
  findApiKeyOwner,
  insertApiKey,
  replaceSealed,
  sealedKeysOf,
} from './apiKeys.repo.js';
import { currentKeySealer } from './keySeal.js';

/** Recognisable in a client's settings and in secret scanners. */
const KEY_PREFIX = 'samaa_';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function createApiKey(userId: string, body: unknown): Promise<CreatedApiKey> {
  const { name } = validate<{ name: string }>(apiKeyInputSchema, body);
  if ((await apiKeysOf(userId)).length >= API_KEY_LIMIT) throw conflict(API_KEY_MESSAGES.tooMany);
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const keyHash = hashApiKey(key);
  const sealed = currentKeySealer()?.seal(key, keyHash);
  const info = await insertApiKey(keyHash, randomBytes(9).toString('base64url'), userId, name, sealed);
  return { key, info };
}

export function listApiKeys(userId: string): Promise<ApiKeyInfo[]> {
  return apiKeysOf(userId);
}

export async function revokeApiKey(userId: string, keyId: string): Promise<void> {
  if (!(await deleteApiKeyOf(userId, keyId))) throw notFound(API_KEY_MESSAGES.notFound);
}

/** The id of the user a key belongs to, or null for an unknown or revoked key. */
export function apiKeyOwner(key: string): Promise<string | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return Promise.resolve(null);
  return findApiKeyOwner(hashApiKey(key));
}

/** The owner of the key with this hash (a primary-key read), or null once it is revoked. */
export function apiKeyOwnerByHash(keyHash: string): Promise<string | null> {
  return findApiKeyOwner(keyHash);
}

// --- what other features use -----------------------------------------------------------------

/**
 * A user's keys in the clear, for salted-token sign-in (md5(key + salt) needs the key itself):
 * none when no sealing secret is set; a key sealed under the previous secret is sealed again.
 */
export async function openKeysOf(userId: string): Promise<{ keyHash: string; key: string }[]> {
  const sealer = currentKeySealer();
  if (!sealer) return [];
  const keys: { keyHash: string; key: string }[] = [];
  for (const { keyHash, sealed } of await sealedKeysOf(userId)) {
    const opened = sealer.open(sealed, keyHash);
    if (!opened) continue;
    if (opened.stale) await replaceSealed(keyHash, sealer.seal(opened.key, keyHash));
    keys.push({ keyHash, key: opened.key });
  }
  return keys;
}

/** When a user goes: their API keys. */
export function forgetUser(userId: string): Promise<unknown> {
  return deleteApiKeysOf(userId);
}
