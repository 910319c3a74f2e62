import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@samaa/shared';

/**
 * Answers 413 at once when a JSON request announces a Content-Length above `limitBytes`, and
 * closes the connection. express.json() would refuse it too, but only after reading (and
 * discarding) the whole announced body, which lets a client pin a socket for minutes.
 */
export function rejectOversizedJson(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    if (!Number.isFinite(length) || length <= limitBytes || !req.is(['application/json', '+json'])) {
      next();
      return;
    }
    res.set('Connection', 'close').status(413).json({ message: API_MESSAGES.payloadTooLarge });
  };
}
