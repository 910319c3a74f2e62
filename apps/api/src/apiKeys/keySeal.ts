import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/*
 * App keys double as Subsonic app passwords: salted-token sign-in checks md5(key + salt), so the
 * server must read a key back. Each key is kept sealed with AES-256-GCM under a key derived
 * (HKDF-SHA256) from a server secret, bound to the key's own hash (the document id) so a sealed
 * value cannot be moved onto another key's document. The secret can be rotated: values sealed
 * under the previous secret still open, and are sealed again under the current one when used.
 */

const FORMAT = 'v1';
const HKDF_SALT = 'samaa-app-key-sealing';
const HKDF_INFO = 'aes-256-gcm v1';

interface SealingKey {
  id: string;
  key: Buffer;
}

function sealingKey(secret: string): SealingKey {
  const key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
  // Names which secret sealed a value, without revealing anything of it.
  const id = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return { id, key };
}

export interface OpenedKey {
  key: string;
  /** Sealed under the previous secret: seal it again under the current one. */
  stale: boolean;
}

export interface KeySealer {
  seal(plain: string, keyHash: string): string;
  open(sealed: string, keyHash: string): OpenedKey | null;
}

/**
 * The sealer of an app's keys (made once per app, at composition): under SUBSONIC_KEY_SECRET,
 * else a secret derived from the JWT secret (by HKDF, with its own label: neither key reveals the
 * other); SUBSONIC_KEY_SECRET_PREVIOUS while rotating.
 */
export function keySealer(current: string, previous?: string): KeySealer {
  const now = sealingKey(current);
  const before = previous ? sealingKey(previous) : undefined;
  return {
    seal(plain, keyHash) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', now.key, iv).setAAD(Buffer.from(keyHash));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, now.id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, keyHash) {
      const [format, id, iv, body, tag] = sealed.split('.');
      if (format !== FORMAT || iv === undefined || body === undefined || tag === undefined) return null;
      const with_ = id === now.id ? now : id === before?.id ? before : undefined;
      if (!with_) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', with_.key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(keyHash));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const key = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        return { key, stale: with_ !== now };
      } catch {
        return null;
      }
    },
  };
}
