import mongoose from 'mongoose';

/**
 * Test support: counts the engine calls the data layer makes, per collection, and the documents
 * they return, by wrapping Mongoose's query and aggregate execution. Complexity tests compare
 * these counts at two catalogue sizes (a request's cost must not grow with the catalogue).
 */
export interface EngineCalls {
  /** `collection.operation` → number of calls. */
  calls: Map<string, number>;
  /** Documents returned by reads, per collection. */
  records: Map<string, number>;
}

const current: EngineCalls = { calls: new Map(), records: new Map() };
/** Queries in flight now (but those read on a clock), and the most at once since the window began. */
let inFlight = 0;
let mostInFlight = 0;
let installed = false;
/** Moves at each window: a read begun before it (another app's background check) counts in none. */
let windowNumber = 0;

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

function recordsIn(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  return result && typeof result === 'object' ? 1 : 0;
}

export function countEngineCalls(): void {
  if (installed) return;
  installed = true;
  const exec = mongoose.Query.prototype.exec;
  mongoose.Query.prototype.exec = async function (this: mongoose.Query<unknown, unknown>, ...args: unknown[]) {
    const name = this.model.collection.collectionName;
    const op = (this as unknown as { op?: string }).op ?? 'exec';
    add(current.calls, `${name}.${op}`, 1);
    const startedIn = windowNumber;
    const tracked = !TIMED_COLLECTIONS.test(name);
    if (tracked) mostInFlight = Math.max(mostInFlight, ++inFlight);
    try {
      const result = await (exec as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if ((op.startsWith('find') || op === 'distinct') && startedIn === windowNumber) add(current.records, name, recordsIn(result));
      return result;
    } finally {
      if (tracked) inFlight -= 1;
    }
  } as typeof exec;
  // A streamed read (`.cursor()`) skips exec: its call and each record it yields count too.
  const cursor = mongoose.Query.prototype.cursor;
  mongoose.Query.prototype.cursor = function (this: mongoose.Query<unknown, unknown>, ...args: unknown[]) {
    const name = this.model.collection.collectionName;
    add(current.calls, `${name}.cursor`, 1);
    const startedIn = windowNumber;
    const streamed = (cursor as (...a: unknown[]) => mongoose.Cursor<unknown>).apply(this, args);
    const next = streamed.next.bind(streamed);
    streamed.next = (async () => {
      const doc = await next();
      // Iterated with for-await, the cursor answers { value, done }; the last one holds no record.
      const record = doc && !(typeof doc === 'object' && 'done' in doc && doc.done);
      if (record && startedIn === windowNumber) add(current.records, name, 1);
      return doc;
    }) as typeof streamed.next;
    return streamed;
  } as typeof cursor;
  const aggregate = mongoose.Aggregate.prototype.exec;
  mongoose.Aggregate.prototype.exec = async function (this: mongoose.Aggregate<unknown>) {
    const name = (this as unknown as { _model: mongoose.Model<unknown> })._model.collection.collectionName;
    add(current.calls, `${name}.aggregate`, 1);
    const startedIn = windowNumber;
    const result = await aggregate.apply(this);
    if (startedIn === windowNumber) add(current.records, name, recordsIn(result));
    return result;
  } as typeof aggregate;
  // Model.create saves through $save, an alias of the original save: both are counted as `save`.
  for (const name of ['save', '$save'] as const) {
    const save = mongoose.Model.prototype[name];
    mongoose.Model.prototype[name] = function (this: mongoose.Document, ...args: unknown[]) {
      add(current.calls, `${(this.constructor as mongoose.Model<unknown>).collection.collectionName}.save`, 1);
      return (save as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as typeof save;
  }
  const insertMany = mongoose.Model.insertMany;
  mongoose.Model.insertMany = function (this: mongoose.Model<unknown>, ...args: unknown[]) {
    add(current.calls, `${this.collection.collectionName}.insertMany`, 1);
    return (insertMany as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  } as typeof insertMany;
}

/** The calls made while `task` ran, as plain objects (comparable with toEqual). */
export async function engineCallsDuring(task: () => Promise<unknown>): Promise<{ calls: Record<string, number>; records: Record<string, number> }> {
  current.calls.clear();
  current.records.clear();
  windowNumber += 1;
  await task();
  return { calls: Object.fromEntries([...current.calls].sort()), records: Object.fromEntries([...current.records].sort()) };
}

/**
 * The most queries in flight at once while `task` ran: 2 when two reads went side by side, 1 when
 * each waited for the one before. The collections read on a clock (TIMED_COLLECTIONS) do not count.
 */
export async function mostEngineQueriesInFlightDuring(task: () => Promise<unknown>): Promise<number> {
  mostInFlight = inFlight;
  await task();
  return mostInFlight;
}

/** Collections read on a clock (the catalogue's version check, the shared stamps), whatever a request does. */
export const TIMED_COLLECTIONS = /^(catalogue_versions|shared_stamps)(\.|$)/;

/** Calls and records without those read on a clock, so counts compare across runs and sizes. */
export function withoutTimed<T extends { calls: Record<string, number>; records: Record<string, number> }>(
  counts: T,
  timed: (key: string) => boolean = (key) => TIMED_COLLECTIONS.test(key),
): T {
  const keep = (of: Record<string, number>) => Object.fromEntries(Object.entries(of).filter(([key]) => !timed(key)));
  return { ...counts, calls: keep(counts.calls), records: keep(counts.records) };
}
