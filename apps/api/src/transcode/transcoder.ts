import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { EncodeJob, type Encode } from './encodeJob.js';
import { locateFfmpeg, type Ffmpeg } from './ffmpeg.js';
import { TARGETS, decide, profileParams, type Profile, type SourceInfo, type StreamRequest } from './profiles.js';
import { sendEncode } from './sendEncode.js';
import { sourceInfo } from './sourceInfo.js';
import { TranscodeCache } from './transcodeCache.js';

export { EncodeFailedError } from './sendEncode.js';

/** Past the per-process limit of encodes: refused at once, never queued behind the others. */
export class TranscoderBusyError extends Error {
  constructor() {
    super('The server is transcoding as many songs as it may at once');
  }
}

interface Running {
  job: EncodeJob;
  /** Resolves when the job's file is in the cache, or dropped. */
  finished: Promise<void>;
}

/** A stored audio file as the transcoder sees it: what it holds, and which version of it. */
export type StoredSource = SourceInfo & { file: string; size: number; mtimeMs: number };

/**
 * Turns stored audio files into the formats and bit rates a player asks for, over HTTP. It knows
 * files, profiles and responses; which protocol asked (and how it spells its errors) is the
 * caller's business.
 */
export interface Transcoder {
  /** Finds ffmpeg once and says in one log line whether transcoding is on. */
  located(): Promise<Ffmpeg>;
  /** Whether ffmpeg was found: without it, every request gets the original file. */
  available(): Promise<boolean>;
  /** What a stored file holds (codec, bit rate, channels...), read once per version of the file. */
  probe(file: string): Promise<StoredSource>;
  /** The original, or the profile to encode to, for a format and a maximum bit rate. */
  decide(source: SourceInfo, request: StreamRequest): 'original' | Profile;
  /**
   * Sends a source encoded at a profile from an offset (seconds): a cached encode with Range, a
   * running one shared, or a new one. HEAD gets the headers without an encode. Throws
   * TranscoderBusyError past the limit of encodes and EncodeFailedError when ffmpeg cannot read
   * the file, both before any byte was sent.
   */
  send(req: Request, res: Response, source: StoredSource, profile: Profile, offset: number): Promise<void>;
  /** Encodes running now (the limit is on these). */
  readonly encoding: number;
}

/** What a transcoder is built from: where its cache lives, its limits, where ffmpeg is. */
export type TranscoderSettings = { config: Config; logger: Logger };

/**
 * The transcoding engine of one API process: where ffmpeg is, the cache of finished encodes, the
 * encodes running now (shared by key) and their limit.
 */
class FfmpegTranscoder implements Transcoder {
  private readonly cache: TranscodeCache;
  private readonly running = new Map<string, Running>();
  private ffmpeg?: Promise<Ffmpeg>;

  constructor(private readonly ctx: TranscoderSettings) {
    this.cache = new TranscodeCache(path.join(ctx.config.dataDir, 'cache', 'transcodes'), ctx.config.transcode.cacheBytes, ctx.logger);
  }

  located(): Promise<Ffmpeg> {
    return (this.ffmpeg ??= locateFfmpeg(this.ctx.config).then((found) => {
      if (found.available) this.ctx.logger.info(`Transcoding with ffmpeg ${found.version} (${found.path})`);
      else this.ctx.logger.warn(`Transcoding is off: ${found.reason}. Players get the original files.`);
      return found;
    }));
  }

  probe(file: string): Promise<StoredSource> {
    return sourceInfo(file).then((info) => ({ ...info, file }));
  }

  decide(source: SourceInfo, request: StreamRequest): 'original' | Profile {
    return decide(source, request);
  }

  async send(req: Request, res: Response, source: StoredSource, profile: Profile, offset: number): Promise<void> {
    const mime = TARGETS[profile.format].mime;
    if (req.method === 'HEAD') {
      // What a GET would send, without starting an encode.
      res.status(200).set({ 'Content-Type': mime, 'Cache-Control': 'no-store' }).end();
      return;
    }
    await sendEncode(req, res, await this.encode(source, profile, offset), mime, this.ctx.logger);
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
  private async encode(source: { file: string; size: number; mtimeMs: number }, profile: Profile, offset: number): Promise<Encode> {
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

/** An app's one transcoder (`ctx.transcoder`): its encodes are shared and counted against one limit. */
export function createTranscoder(settings: TranscoderSettings): Transcoder {
  return new FfmpegTranscoder(settings);
}
