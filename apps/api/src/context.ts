import type { Config } from './config/config.js';
import type { Logger } from './logger.js';
import type { RedisLink } from './redis/redisLink.js';
import type { Catalogue } from './songs/catalogue.js';

/** What every feature router is built from. Tests build one with test settings. */
export interface AppContext {
  config: Config;
  logger: Logger;
  /** Resolved HS256 secret (from JWT_SECRET, or the development secret under DATA_DIR). */
  jwtSecret: string;
  /** Set when REDIS_URL is: state shared with the other API processes. */
  redis?: RedisLink;
  /** The song catalogue and its views (search index, Subsonic library...): this app's own. */
  catalogue: Catalogue;
}
