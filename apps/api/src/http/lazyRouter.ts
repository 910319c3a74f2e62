import type { RequestHandler } from 'express';

/**
 * A router whose module is imported on first use (or by `preload()`), so modules only some
 * requests need (uploads, JioSaavn) do not delay start-up.
 */
export function lazyRouter(load: () => Promise<RequestHandler>): RequestHandler & { preload(): Promise<void> } {
  let router: Promise<RequestHandler> | undefined;
  const get = () =>
    (router ??= load().catch((err: unknown) => {
      router = undefined;
      throw err;
    }));
  const handler: RequestHandler = (req, res, next) => {
    get().then((r) => r(req, res, next), next);
  };
  return Object.assign(handler, { preload: () => get().then(() => undefined) });
}
