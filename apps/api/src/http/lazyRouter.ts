import type { RequestHandler } from 'express';

/**
 * A router whose module is imported on first use, so modules only some requests need (uploads,
 * JioSaavn) do not delay start-up.
 */
export function lazyRouter(load: () => Promise<RequestHandler>): RequestHandler {
  let router: Promise<RequestHandler> | undefined;
  const get = () =>
    (router ??= load().catch((err: unknown) => {
      router = undefined;
      throw err;
    }));
  return (req, res, next) => {
    get().then((r) => r(req, res, next), next);
  };
}
