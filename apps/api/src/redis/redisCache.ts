import { REDIS_PREFIX } from './prefix.js';
import type { RedisLink } from './redisLink.js';

/** Values kept for every API process; failures read as misses and are never thrown. */
export interface SharedCache {
  get(key: string): Promise<object | undefined>;
  set(key: string, value: object, ttlMs: number): Promise<void>;
}

/** JSON values in Redis under `namespace`; while Redis is down every read misses and writes are skipped. */
export function redisJsonCache(link: RedisLink, namespace: string): SharedCache {
  const keyOf = (key: string) => `${REDIS_PREFIX}${namespace}:${key}`;
  return {
    async get(key) {
      if (!link.isUp()) return undefined;
      try {
        const raw = await link.client.get(keyOf(key));
        return raw ? (JSON.parse(raw) as object) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      if (!link.isUp()) return;
      await link.client.set(keyOf(key), JSON.stringify(value), 'PX', ttlMs).catch(() => undefined);
    },
  };
}
