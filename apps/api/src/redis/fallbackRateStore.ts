import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RedisLink } from './redisLink.js';

/**
 * An express-rate-limit store that counts in Redis, shared by every API process, and in this
 * process's memory while Redis is unreachable (so limits still hold, per process, and no request
 * fails because of Redis).
 */
export class FallbackRateStore implements Store {
  private readonly redis: RedisStore;
  private readonly memory = new MemoryStore();
  private options?: Options;
  /** The Redis store's scripts are loaded; reset after any failure, so they load again. */
  private ready: Promise<boolean> | undefined;
  prefix?: string;

  constructor(
    private readonly link: RedisLink,
    prefix: string,
  ) {
    this.prefix = prefix;
    this.redis = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) =>
        link.client.call(command, ...args) as Promise<never>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
  }

  private redisReady(): Promise<boolean> {
    return (this.ready ??= Promise.resolve()
      .then(() => this.redis.init(this.options!))
      .then(
        () => true,
        () => {
          this.ready = undefined;
          return false;
        },
      ));
  }

  async increment(key: string) {
    if (this.link.isUp() && (await this.redisReady())) {
      try {
        return await this.redis.increment(key);
      } catch {
        this.ready = undefined;
      }
    }
    return this.memory.increment(key);
  }

  async decrement(key: string) {
    await Promise.allSettled([this.redis.decrement(key), this.memory.decrement(key)]);
  }

  async resetKey(key: string) {
    await Promise.allSettled([this.redis.resetKey(key), this.memory.resetKey(key)]);
  }
}
