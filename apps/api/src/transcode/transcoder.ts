import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { EncodeJob } from './encodeJob.js';
import { locateFfmpeg, type Ffmpeg } from './ffmpeg.js';
import { TARGETS, profileParams, type Profile } from './profiles.js';
import { TranscodeCache } from './transcodeCache.js';

/** Past the per-process limit of encodes: refused at once, never queued behind the others. */
export class TranscoderBusyError extends Error {
  constructor() {
    super('The server is transcoding as many songs as it may at once. Try again in a moment, or ask for the original (format=raw).');
  }
}

export type Encode = { kind: 'cached'; file: string } | { kind: 'live'; job: EncodeJob };

interface Running {
  job: EncodeJob;
  /** Resolves when the job's file is in the cache, or dropped. */
  finished: Promise<void>;
}

/**
 * The transcoding engine of one API process: where ffmpeg is, the cache of finished encodes, the
 * encodes running now (shared by key) and their limit.
 */
export class Transcoder {
  readonly cache: TranscodeCache;
  private readonly running = new Map<string, Running>();
  private ffmpeg?: Promise<Ffmpeg>;
  /** Encodes started since the process began (the tests count them). */
  started = 0;

  constructor(private readonly ctx: AppContext) {
    this.cache = new TranscodeCache(path.join(ctx.config.dataDir, 'cache', 'transcodes'), ctx.config.transcode.cacheBytes, ctx.logger);
  }

  /** Finds ffmpeg once and says in one log line whether transcoding is on. */
  located(): Promise<Ffmpeg> {
    return (this.ffmpeg ??= locateFfmpeg(this.ctx.config).then((found) => {
      if (found.available) this.ctx.logger.info(`Transcoding with ffmpeg ${found.version} (${found.path})`);
      else this.ctx.logger.warn(`Transcoding is off: ${found.reason}. Subsonic apps get the original files.`);
      return found;
    }));
  }

  async available(): Promise<boolean> {
    return (await this.located()).available;
  }

  get encoding(): number {
    return this.running.size;
  }

  /**
   * The encode of a source at a profile and offset: the cached file, the running encode to join,
   * or a new one. A live encode is joined for the caller, who must `leave()` it.
   */
  async encode(source: { file: string; size: number; mtimeMs: number }, profile: Profile, offset: number): Promise<Encode> {
    const found = await this.located();
    if (!found.available) throw new Error('transcoding is off');
    const key = createHash('sha256')
      .update([source.file, source.size, source.mtimeMs, profileParams(profile), offset].join('\0'))
      .digest('hex')
      .slice(0, 32);
    const name = key + TARGETS[profile.format].ext;
    let partFile: string;
    for (;;) {
      // An encode from an offset is for one seek: it is shared while it runs, never cached.
      const cached = offset === 0 ? await this.cache.lookup(name) : undefined;
      if (cached) return { kind: 'cached', file: cached };
      const current = this.running.get(key);
      if (current?.job.joinable) {
        current.job.join();
        return { kind: 'live', job: current.job };
      }
      if (current) {
        await current.finished; // finished (its file is being moved into the cache) or being stopped
        continue;
      }
      if (this.running.size >= this.ctx.config.transcode.maxEncodes) throw new TranscoderBusyError();
      partFile = await this.cache.partFile(name);
      // Looked at again: another request may have started it while the part file was named.
      if (!this.running.has(key)) break;
    }
    if (this.running.size >= this.ctx.config.transcode.maxEncodes) throw new TranscoderBusyError();
    const job = new EncodeJob({ ffmpeg: found.path, source: source.file, profile, offset, partFile }, this.ctx.logger);
    job.join();
    this.started += 1;
    const finished = job.settled
      .then(async (state) => {
        if (state !== 'done') return;
        if (offset === 0) await this.cache.admit(partFile, name, job.bytes);
        else await fs.promises.rm(partFile, { force: true });
      })
      .catch((err: unknown) => this.ctx.logger.warn({ err }, 'could not keep a transcode'))
      .finally(() => {
        if (this.running.get(key)?.job === job) this.running.delete(key);
      });
    this.running.set(key, { job, finished });
    return { kind: 'live', job };
  }
}

const transcoders = new WeakMap<AppContext, Transcoder>();

export function transcoderOf(ctx: AppContext): Transcoder {
  let transcoder = transcoders.get(ctx);
  if (!transcoder) {
    transcoder = new Transcoder(ctx);
    transcoders.set(ctx, transcoder);
  }
  return transcoder;
}
