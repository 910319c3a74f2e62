import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { API_KEY_MESSAGES, API_MESSAGES } from '@samaa/shared';
import { apiKeyOwnerByHash, openKeysOf, type ApiKeyStores } from '../apiKeys/apiKeys.service.js';
import { checkCredentials } from '../auth/checkCredentials.js';
import type { LoginThrottle } from '../auth/loginThrottle.js';
import { findUserByEmail, normalizeEmail } from '../users/accounts.service.js';
import { SUBSONIC_ERRORS, SubsonicError } from './response.js';

/*
 * Salted-token sign-in (`u`, `t` = md5(password + `s`), `s`) with an app key as the password.
 * The account's keys are opened (keySeal.ts) and kept in memory per user; a token matching one
 * of them is then confirmed by that key's hash, a primary-key read, on every request: a revoked
 * key fails at once on every process, with nothing to announce. Apps reuse one salt for a whole
 * session, so a right (user, token, salt) is remembered and costs no md5 after the first.
 */

interface OpenKey {
  keyHash: string;
  key: string;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest();
const TOKEN = /^[0-9a-f]{32}$/i;
const MAX_SALT = 256;
const REMEMBER_MS = 10 * 60 * 1000;

const tokenRefused = () => new SubsonicError(SUBSONIC_ERRORS.tokenAuthNotSupported, API_KEY_MESSAGES.tokenNeedsAppKey);

export type TokenAuthenticator = (username: string, token: string, salt: string, ip: string | undefined) => Promise<string>;

/** Resolves the id of the user whose app key made the token; error 41 otherwise. */
export function tokenAuthenticator(stores: ApiKeyStores, secret: string, throttle: LoginThrottle): TokenAuthenticator {
  const { data } = stores;
  // An account's email never changes; a deleted account's id is refused by the caller, and a
  // new account on the same email is seen within the entry's minute.
  const userIds = new LRUCache<string, { id: string }>({ max: 10_000, ttl: 60_000 });
  const keyrings = new LRUCache<string, OpenKey[]>({ max: 10_000, ttl: REMEMBER_MS });
  const remembered = new LRUCache<string, { userId: string; keyHash: string }>({ max: 10_000, ttl: REMEMBER_MS });
  const rememberKey = (email: string, token: string, salt: string) =>
    createHmac('sha256', secret).update(email).update('\0').update(token).update('\0').update(salt).digest('base64url');

  async function userIdOf(email: string): Promise<string | null> {
    const cached = userIds.get(email);
    if (cached) return cached.id;
    const id = (await findUserByEmail(data, email))?._id ?? null;
    if (id) userIds.set(email, { id });
    return id;
  }

  async function loadKeyring(userId: string): Promise<OpenKey[]> {
    const keys: OpenKey[] = await openKeysOf(stores, userId);
    keyrings.set(userId, keys);
    return keys;
  }

  const matching = (keys: OpenKey[], token: Buffer, salt: string) =>
    keys.find((candidate) => timingSafeEqual(md5(candidate.key + salt), token));

  /** The key that made the token and is still there; a fresh read of the keys when none does. */
  async function keyOf(userId: string, token: Buffer, salt: string): Promise<OpenKey | undefined> {
    const cached = keyrings.get(userId);
    const found = cached && matching(cached, token, salt);
    if (found && (await apiKeyOwnerByHash(data, found.keyHash)) === userId) return found;
    const fresh = matching(await loadKeyring(userId), token, salt);
    return fresh && (await apiKeyOwnerByHash(data, fresh.keyHash)) === userId ? fresh : undefined;
  }

  return async (username, tokenText, salt, ip) => {
    if (!TOKEN.test(tokenText) || salt.length === 0 || salt.length > MAX_SALT) throw tokenRefused();
    const email = normalizeEmail(username);
    const token = Buffer.from(tokenText, 'hex');
    const rememberedAs = rememberKey(email, tokenText.toLowerCase(), salt);
    const known = remembered.get(rememberedAs);
    if (known) {
      if ((await apiKeyOwnerByHash(data, known.keyHash)) === known.userId) return known.userId;
      remembered.delete(rememberedAs);
      keyrings.delete(known.userId);
    }
    const { userId, key } = await checkCredentials(throttle, email, ip, {
      verify: async () => {
        const found = await userIdOf(email);
        const opened = found ? await keyOf(found, token, salt) : undefined;
        return found && opened ? { userId: found, key: opened } : undefined;
      },
      refused: () => new SubsonicError(SUBSONIC_ERRORS.generic, API_MESSAGES.tooManyLogins),
      wrong: tokenRefused,
    });
    remembered.set(rememberedAs, { userId, keyHash: key.keyHash });
    return userId;
  };
}
