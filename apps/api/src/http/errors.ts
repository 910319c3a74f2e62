import type { ErrorRequestHandler, RequestHandler } from 'express';
import { API_MESSAGES } from '@samaa/shared';
import { classifyDataError } from '../db/dataErrors.js';
import type { Logger } from '../logger.js';

/** An error whose status and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string = API_MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = API_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Route not found: ${req.method} ${req.originalUrl.split("?")[0]}`));
};

/** Maps whatever was thrown to a JSON `{ message }` response, never leaking internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const send = (status: number, message: string, headers: Record<string, string> = {}) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.set(headers).status(status).json({ message });
    };
    if (err instanceof HttpError) return send(err.status, err.message, err.headers);
    // body-parser and similar emit errors that carry an http status.
    const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean };
    const status = e?.status ?? e?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (e.type === 'entity.too.large') return send(413, API_MESSAGES.payloadTooLarge);
      if (e.type === 'entity.parse.failed') return send(400, API_MESSAGES.badJson);
      return send(status, e.expose && err instanceof Error ? err.message : 'Bad request');
    }
    const dataError = classifyDataError(err, API_MESSAGES.invalidId);
    if (dataError?.kind === 'invalid') return send(400, dataError.message);
    if (dataError?.kind === 'unavailable') {
      logger.warn({ err, path: req.path }, 'database unavailable');
      return send(503, API_MESSAGES.dbUnavailable, { 'Retry-After': '5' });
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    return send(500, API_MESSAGES.internal);
  };
}
