import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { API_MESSAGES } from '@samaa/shared';
import { apiKeyOwner, type ApiKeyStores } from '../apiKeys/apiKeys.service.js';
import { checkCredentials } from '../auth/checkCredentials.js';
import { passwordMatches } from '../auth/password.js';
import type { LoginThrottle } from '../auth/loginThrottle.js';
import { normalizeEmail } from '../users/accounts.service.js';
import { findIdentity, findLoginUser, findUserRecord } from '../users/accounts.service.js';
import type { SubsonicParams } from './params.js';
import { SUBSONIC_ERRORS, SubsonicError } from './response.js';
import { tokenAuthenticator } from './tokenAuth.js';

export interface SubsonicUser {
  _id: string;
  name: string;
  /** The Subsonic username: the account's email. */
  email: string;
  isAdmin: boolean;
}

const wrongCredentials = () => new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');

/** `p` in clear or as `enc:` + hex of its UTF-8 bytes. */
export function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw wrongCredentials();
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * Clients that use `u` + `p` send the password with every request, cover and stream range
 * included; bcrypt on each would cost a hash's CPU per request. A right password is remembered for a few
 * minutes, keyed by an HMAC (never the password), with the token version it was checked at:
 * a password change moves the version and ends it.
 */
const REMEMBER_MS = 5 * 60 * 1000;

export interface SubsonicAuthenticator {
  authenticate(params: SubsonicParams, ip: string | undefined): Promise<SubsonicUser>;
}

export function subsonicAuthenticator(stores: ApiKeyStores, secret: string, throttle: LoginThrottle): SubsonicAuthenticator {
  const { data } = stores;
  const remembered = new LRUCache<string, { userId: string; tokenVersion: number }>({ max: 5000, ttl: REMEMBER_MS });
  const rememberKey = (email: string, password: string) =>
    createHmac('sha256', secret).update(email).update('\0').update(password).digest('base64url');

  // A verified account's email never changes and it never becomes unverified, so each is read
  // once; whether the user still exists, and is an admin, comes from the identity cache, which
  // every user change (in any process) clears.
  const verifiedEmails = new LRUCache<string, string>({ max: 10_000 });
  const byToken = tokenAuthenticator(stores, secret, throttle);

  async function verifiedUser(userId: string | null): Promise<SubsonicUser> {
    const identity = userId ? await findIdentity(data, userId) : null;
    if (!identity) throw wrongCredentials();
    let email = verifiedEmails.get(identity._id);
    if (!email) {
      const record = await findUserRecord(data, identity._id);
      if (!record) throw wrongCredentials();
      if (!record.verified) throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, API_MESSAGES.verifyFirstRecent);
      email = record.email;
      verifiedEmails.set(identity._id, email);
    }
    return { _id: identity._id, name: identity.name, email, isAdmin: identity.isAdmin };
  }

  async function byPassword(username: string, password: string, ip: string | undefined): Promise<SubsonicUser> {
    const email = normalizeEmail(username);
    const key = rememberKey(email, password);
    const known = remembered.get(key);
    if (known && (await findIdentity(data, known.userId))?.tokenVersion === known.tokenVersion) {
      return verifiedUser(known.userId);
    }
    if (known) remembered.delete(key);
    const user = await checkCredentials(throttle, email, ip, {
      verify: async () => {
        const found = await findLoginUser(data, email);
        return found && (await passwordMatches(password, found.passwordHash)) ? found : undefined;
      },
      refused: () => new SubsonicError(SUBSONIC_ERRORS.generic, API_MESSAGES.tooManyLogins),
      wrong: wrongCredentials,
    });
    remembered.set(key, { userId: user.record._id, tokenVersion: user.tokenVersion });
    return verifiedUser(user.record._id);
  }

  /**
   * An app key sent as the password (`p`): a primary-key read, as for `apiKey`. Anything else,
   * a wrong key included, goes on to the password check and its brute-force limits.
   */
  async function byAppKey(username: string, password: string): Promise<SubsonicUser | null> {
    const owner = await apiKeyOwner(data, password);
    if (!owner) return null;
    const user = await verifiedUser(owner);
    return user.email === normalizeEmail(username) ? user : null;
  }

  return {
    async authenticate(params, ip) {
      const apiKey = params.optional('apiKey');
      const username = params.optional('u');
      if (apiKey !== undefined) {
        if (username !== undefined) {
          throw new SubsonicError(SUBSONIC_ERRORS.conflictingAuth, 'Multiple conflicting authentication mechanisms provided');
        }
        const owner = await apiKeyOwner(data, apiKey);
        if (!owner) throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
        return verifiedUser(owner);
      }
      if (!username) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: u');
      // An empty `p` is no password: Airsonic Refix sends `p=` beside its token after a reload.
      const password = params.optional('p') || undefined;
      if (password === undefined) {
        const token = params.optional('t');
        const salt = params.optional('s');
        if (token !== undefined || salt !== undefined) {
          if (!token) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: t');
          if (!salt) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: s');
          return verifiedUser(await byToken(username, token, salt, ip));
        }
        throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: p');
      }
      const decoded = decodePassword(password);
      return (await byAppKey(username, decoded)) ?? byPassword(username, decoded, ip);
    },
  };
}
