/**
 * Resolves on the event loop's next turn: long work done in slices awaits it between slices, so
 * requests (the health check too) run in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
