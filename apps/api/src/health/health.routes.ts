import { Router } from 'express';
import { pingDb } from '../db/connection.js';
import type { RedisLink } from '../redis/redisLink.js';

/**
 * 200 while the database answers, 503 when it does not. With REDIS_URL set, `redis` says whether
 * Redis is reachable; requests still work without it, so it does not make the instance unhealthy.
 */
export function healthRouter(redis?: RedisLink): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const up = await pingDb();
    res
      .status(up ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: up ? 'ok' : 'degraded',
        db: up ? 'up' : 'down',
        ...(redis ? { redis: redis.isUp() ? 'up' : 'down' } : {}),
      });
  });
  return router;
}
