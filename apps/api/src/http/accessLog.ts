import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';

/** Writes one line for the request once its response closes; `startedMs` is performance.now() at its start. */
export type RequestLog = (req: IncomingMessage, res: ServerResponse, startedMs: number) => void;

/**
 * One line per request, as pino-http wrote it (`req`, `res`, `responseTime`), for a fraction of
 * its cost: no child logger and no serialisers per request (docs/performance.md, "Figures behind
 * the code"). URLs pass through `redact` first.
 */
export function requestLog(logger: Logger, redact: (url: string) => string): RequestLog {
  let nextId = 0;
  // Its lines hold a method, an already redacted URL, a status and a time, none of which the
  // logger's redaction paths name, so redaction would only cost CPU.
  const lines = logger.child({}, { redact: [] });
  return (req, res, started) => {
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
    const id = (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER);
    res.once('close', () => {
      const { statusCode } = res;
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      if (!lines.isLevelEnabled(level)) return;
      lines[level](
        {
          req: { id, method: req.method, url: redact(url) },
          res: { statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
  };
}

/** The access log as middleware, for every request but those `skip` names. */
export function accessLog(log: RequestLog, skip: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!skip(req.originalUrl)) log(req, res, performance.now());
    next();
  };
}
