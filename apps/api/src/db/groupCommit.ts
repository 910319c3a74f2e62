import type mongoose from 'mongoose';

/** What a group write answers for each of its inputs, in order: a value, or the error of that one input. */
export type Outcomes<Out> = (Out | Error)[];

interface Waiting<In, Out> {
  input: In;
  resolve: (value: Out) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit: writes of one kind that arrive while one is in flight wait for it, then go
 * together as one engine command (`writeAll`), so the engine commits once for all of them where
 * it would commit once each. A write alone goes at once, so there is no added wait when there is
 * no load. Each caller is answered only when the command that carried its write has returned
 * (the write is durable, or its own error is known): nothing is acknowledged before it is stored.
 * A thrown `writeAll` fails every write it carried.
 */
export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private writing = false;

  constructor(
    private readonly writeAll: (inputs: In[]) => Promise<Outcomes<Out>>,
    private readonly maxBatch = 100,
  ) {}

  write(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const outcomes = await this.writeAll(batch.map(({ input }) => input));
        batch.forEach(({ resolve, reject }, i) => {
          const outcome = outcomes[i];
          if (outcome instanceof Error) reject(outcome);
          else if (i >= outcomes.length) reject(new Error('group commit: no outcome for a write'));
          else resolve(outcome as Out);
        });
      } catch (err) {
        for (const { reject } of batch) reject(err);
      }
    }
    this.writing = false;
  }
}

/** A duplicate key among a group insert's documents: the error of that one document. */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

interface WriteErrorLike {
  code?: number;
  errmsg?: string;
  err?: { code?: number; errmsg?: string };
}

/**
 * One outcome per document of an unordered insertMany that failed for some of them: Mongoose
 * lists, at each document's place, the document (stored), its validation error, or the engine's
 * write error (a plain object with a code).
 */
function outcomesOf<Doc>(docs: Doc[], err: unknown): Outcomes<Doc> {
  const results = (err as { results?: unknown[] } | null)?.results;
  if (!Array.isArray(results) || results.length !== docs.length) throw err;
  return results.map((result, i) => {
    if (result instanceof Error) return result;
    const written = result as WriteErrorLike;
    const code = written.code ?? written.err?.code;
    if (code === undefined) return docs[i]!;
    const message = written.errmsg ?? written.err?.errmsg ?? 'write failed';
    return code === 11000 ? new DuplicateKeyError(message) : Object.assign(new Error(message), { code });
  });
}

/**
 * New documents of one model inserted through a GroupCommit: one unordered insertMany for all
 * that wait. Each caller gets its document back once stored, or its own error (DuplicateKeyError,
 * code 11000, when a unique index refused it; a validation error); the others are not affected.
 */
export function groupInserts<Doc extends mongoose.Document<unknown>>(model: {
  insertMany(docs: Doc[], options: { ordered: false; throwOnValidationError: true }): Promise<unknown>;
}): GroupCommit<Doc, Doc> {
  return new GroupCommit<Doc, Doc>(async (docs) => {
    let inserted: unknown;
    try {
      // Without throwOnValidationError, documents that fail validation would be left out silently.
      inserted = await model.insertMany(docs, { ordered: false, throwOnValidationError: true });
    } catch (err) {
      return outcomesOf(docs, err);
    }
    if (!Array.isArray(inserted) || inserted.length !== docs.length) throw new Error('group insert: not every document was stored');
    return docs;
  });
}

/**
 * Group commit per document: writes to one key (a listener's playlist list, one playlist, one
 * like) that arrive while that key's write is in flight wait for it, then go together as one
 * round (`writeAll(key, inputs)`: the inputs in arrival order, applied in memory, stored with one
 * or a few engine calls). Keys are independent; a key's queue is dropped once it is idle, so the
 * map is as small as the number of documents being written right now.
 */
export class KeyedGroupCommit<In, Out> {
  private readonly groups = new Map<string, { commit: GroupCommit<In, Out>; pending: number }>();

  constructor(
    private readonly writeAll: (key: string, inputs: In[]) => Promise<Outcomes<Out>>,
    private readonly maxBatch = 100,
  ) {}

  async write(key: string, input: In): Promise<Out> {
    let group = this.groups.get(key);
    if (!group) {
      group = { commit: new GroupCommit<In, Out>((inputs) => this.writeAll(key, inputs), this.maxBatch), pending: 0 };
      this.groups.set(key, group);
    }
    group.pending += 1;
    try {
      return await group.commit.write(input);
    } finally {
      group.pending -= 1;
      if (group.pending === 0 && this.groups.get(key) === group) this.groups.delete(key);
    }
  }

  /** Keys with writes queued or in flight (tests and diagnostics). */
  get size(): number {
    return this.groups.size;
  }
}
