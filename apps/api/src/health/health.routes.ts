import { Router } from 'express';
import { pingDb } from '../db/connection.js';

export function healthRouter(): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const up = await pingDb();
    res
      .status(up ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: up ? 'ok' : 'degraded', db: up ? 'up' : 'down' });
  });
  return router;
}
