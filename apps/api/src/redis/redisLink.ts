import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { REDIS_PREFIX } from './prefix.js';

/**
 * The optional connection to Redis (REDIS_URL) that API processes share state through. Commands
 * fail at once while Redis is unreachable (no offline queue), so every user of it falls back to
 * this process's memory instead of waiting; the client reconnects by itself.
 */
export interface RedisLink {
  /** For commands (rate limits, caches, publishing). */
  client: Redis;
  /** Whether the last connection attempt succeeded and the link is ready. */
  isUp(): boolean;
  /** Calls `listener` with each message another process publishes on `channel`. */
  subscribe(channel: string, listener: (message: string) => void): void;
  publish(channel: string, message: string): void;
  close(): Promise<void>;
}


export function connectRedis(url: string, logger: Logger, prefix = REDIS_PREFIX): RedisLink {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  };
  const client = new Redis(url, options);
  // A subscribed connection refuses other commands, the ready check's INFO included.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, enableReadyCheck: false });
  const listeners = new Map<string, ((message: string) => void)[]>();
  let up = false;
  client.on('ready', () => {
    if (!up) logger.info('redis is up');
    up = true;
  });
  const down = () => {
    if (up) logger.warn('redis is down: limits and caches fall back to this process');
    up = false;
  };
  client.on('end', down);
  client.on('close', down);
  client.on('error', () => down());
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  });
  return {
    client,
    isUp: () => up && client.status === 'ready',
    subscribe(channel, listener) {
      const full = `${prefix}${channel}`;
      if (!listeners.has(full)) void subscriber.subscribe(full).catch(() => undefined);
      listeners.set(full, [...(listeners.get(full) ?? []), listener]);
    },
    publish(channel, message) {
      if (up) void client.publish(`${prefix}${channel}`, message).catch(() => undefined);
    },
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
