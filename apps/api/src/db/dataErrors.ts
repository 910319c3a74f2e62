import mongoose from 'mongoose';

/** How a data-layer error reads to a client: bad input (400 with a message), or the database down. */
export type DataErrorKind = { kind: 'invalid'; message: string } | { kind: 'unavailable' } | undefined;

const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoServerSelectionError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/** A write refused by a unique index (the primary key included). */
export const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

export function classifyDataError(err: unknown, invalidIdMessage: string): DataErrorKind {
  if (err instanceof mongoose.Error.CastError) return { kind: 'invalid', message: invalidIdMessage };
  if (err instanceof mongoose.Error.ValidationError) {
    return { kind: 'invalid', message: Object.values(err.errors)[0]?.message ?? 'Validation failed' };
  }
  if (!(err instanceof Error)) return undefined;
  if (UNAVAILABLE_NAMES.has(err.name) || /buffering timed out|Client must be connected|connection .* closed/i.test(err.message)) {
    return { kind: 'unavailable' };
  }
  return undefined;
}
