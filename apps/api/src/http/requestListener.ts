import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** Answers the request, or calls `next` to leave it to the next fast path (and, last, the app). */
export type FastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The server's request listener: the fast paths first, in order, then the app. A fast path
 * answers the commonest requests of one kind before Express's request handling (its router and
 * middleware chain were a tenth of a search's CPU) and leaves every other request to the app.
 */
export function createRequestListener(app: RequestListener, fastPaths: readonly FastPath[]): RequestListener {
  if (fastPaths.length === 0) return app;
  return (req, res) => {
    let at = 0;
    const next = () => {
      const fastPath = fastPaths[at++];
      if (fastPath) fastPath(req, res, next);
      else app(req, res);
    };
    next();
  };
}
