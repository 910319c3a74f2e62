import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { defineModel, type AppData } from './appData.js';
import { isSoleWriter } from './engine.js';

const stampSchema = new Schema({ _id: String, stamp: String }, { versionKey: false });
export const STAMP_MODEL = defineModel('SharedStamp', stampSchema, 'shared_stamps');

/** Delay before moving again for writes made while a move was under way. */
export const MOVE_AGAIN_AFTER_MS = 250;

/**
 * A value in the database that every write of one kind (users, playlists) moves, so that several
 * API processes on one database can keep their read models of that kind until it moves, checking
 * it with one primary-key read at most every `checkMs` (shared by all requests waiting on it),
 * instead of re-reading every cached entry on a timer. A move sets a fresh random value: two
 * concurrent moves still move it on an engine without atomic updates. With one process on its
 * own embedded database (`isSoleWriter`) it is neither moved nor read.
 */
export class SharedStamp {
  private seen: string | undefined;
  private confirmedAt = -Infinity;
  private checking: Promise<void> | undefined;
  private moving: Promise<void> | undefined;
  private moveAgain = false;

  constructor(
    /** The app's data the stamp lives in. */
    private readonly data: AppData,
    private readonly name: string,
    private readonly checkMs: number,
    /** Drops what this process keeps: someone (maybe this process) wrote since the last check. */
    private readonly onMoved: () => void,
  ) {}

  /**
   * Undefined when the read model may be used as it is; otherwise a promise that settles once
   * the stamp was read (and the read model dropped if it moved). Never rejects: on a failed read
   * the read model is dropped and the caller reads the database itself. The stamp is read ahead,
   * in the background, once it is `checkMs` old, and waited for only past twice that, so requests
   * seldom wait for it: what another process changed shows here within 2 × `checkMs`.
   */
  check(): Promise<void> | undefined {
    if (isSoleWriter()) return undefined;
    const age = performance.now() - this.confirmedAt;
    if (age < this.checkMs) return undefined;
    const checking = (this.checking ??= this.read().finally(() => (this.checking = undefined)));
    return age < 2 * this.checkMs ? undefined : checking;
  }

  private async read(): Promise<void> {
    try {
      const doc = await this.data.model(STAMP_MODEL).findById(this.name).lean();
      const stamp = doc?.stamp ?? 'none';
      if (stamp !== this.seen) this.onMoved();
      this.seen = stamp;
      this.confirmedAt = performance.now();
    } catch {
      this.onMoved();
    }
  }

  /** After a write: moves the stamp (retrying for about half a minute on errors). At most one move is in flight. */
  move(): Promise<void> {
    if (isSoleWriter()) return Promise.resolve();
    if (this.moving) {
      this.moveAgain = true;
      return this.moving;
    }
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const run = async (): Promise<void> => {
      for (let failures = 0, delay = 100; ; ) {
        this.moveAgain = false;
        try {
          await this.data.model(STAMP_MODEL).updateOne({ _id: this.name }, { $set: { stamp: randomUUID() } }, { upsert: true });
          failures = 0;
          if (!this.moveAgain) return;
          // Writes during that move: one more move for all of them, a little later (readers look
          // once a second), instead of one engine write more for every write.
          await sleep(MOVE_AGAIN_AFTER_MS);
        } catch {
          if (++failures >= 30) return;
          await sleep(delay);
          delay = Math.min(delay * 2, 1000);
        }
      }
    };
    return (this.moving = run().finally(() => (this.moving = undefined)));
  }
}
