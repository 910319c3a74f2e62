import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Semaphore } from 'async-mutex';
import type { Request, Response } from 'express';
import { COVER_MESSAGES } from '@samaa/shared';
import type { Config } from '../../config/config.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { TranscodeCache } from '../../transcode/transcodeCache.js';
import { sendMediaFile } from '../mediaFile.js';

export type CoverFormat = 'webp' | 'jpeg';
type Sharp = typeof import('sharp').default;

/**
 * Largest image (width × height) decoded: a cover is at most a few megapixels, and a forged
 * header claiming more is refused before any pixel is allocated.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Resizes of different covers at once: each holds a decoded image in memory. */
const PARALLEL_RESIZES = 2;

export interface CoverRequest {
  /** The original image on disk. */
  source: string;
  /** Its type, sent when the original is served instead (no sharp). */
  sourceMime: string;
  size: number;
  format: CoverFormat;
  cacheControl: string;
}

export interface CoverResizerOptions {
  /** How sharp is loaded; tests pass one that fails. */
  loadSharp?: () => Promise<Sharp>;
}

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

/** webp for browsers that say they take it; jpeg for the rest (and every Subsonic app). */
export function coverFormatFor(req: Request): CoverFormat {
  return /\bimage\/webp\b/i.test(req.header('accept') ?? '') ? 'webp' : 'jpeg';
}

/**
 * Covers at the sizes the web and Subsonic apps show them (docs/media.md): resized once with sharp,
 * kept on disk under DATA_DIR/cache/covers (least recently served first out, COVER_CACHE_MB in
 * all), sent with an ETag that names the source, its size and mtime, the size and the format.
 * Concurrent requests for one new copy resize once.
 */
export class CoverResizer {
  /** Resizes run since start: tests check a cached copy is not made again. */
  resizes = 0;
  private readonly cache: TranscodeCache;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly lanes = new Semaphore(PARALLEL_RESIZES);
  private sharp?: Promise<Sharp | undefined>;

  constructor(
    config: Config,
    private readonly logger: Logger,
    private readonly options: CoverResizerOptions = {},
  ) {
    this.cache = new TranscodeCache(path.join(config.dataDir, 'cache', 'covers'), config.media.coverCacheBytes, logger);
  }

  /** sharp, loaded on the first resize (start-up need not pay for it); undefined, logged once, when it cannot load. */
  private loaded(): Promise<Sharp | undefined> {
    return (this.sharp ??= (this.options.loadSharp ?? (async () => (await import('sharp')).default))().catch((err: unknown) => {
      this.logger.warn({ err }, 'sharp could not load: covers are served at their original size');
      return undefined;
    }));
  }

  async send(req: Request, res: Response, cover: CoverRequest): Promise<void> {
    const sharp = await this.loaded();
    if (!sharp) return sendMediaFile(req, res, cover.source, cover.sourceMime, this.logger, cover.cacheControl);
    const stat = await fs.stat(cover.source).catch(() => undefined);
    if (!stat?.isFile()) throw notFound();
    const key = createHash('sha1')
      .update(`${cover.source}\0${stat.size}\0${stat.mtimeMs}\0${cover.size}\0${cover.format}`)
      .digest('hex')
      .slice(0, 32);
    const etag = `"${key}"`;
    res.set({ 'Cache-Control': cover.cacheControl, ETag: etag, Vary: 'Accept' });
    const inm = req.header('if-none-match');
    if (inm && (inm.trim() === '*' || inm.split(',').some((tag) => stripWeak(tag) === etag))) {
      res.status(304).end();
      return;
    }
    const bytes = await this.bytesOf(sharp, `${key}-${cover.size}.${cover.format === 'webp' ? 'webp' : 'jpg'}`, cover);
    res.set({ 'Content-Type': `image/${cover.format}`, 'Content-Length': String(bytes.length) });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  /** The cached copy, else one resize shared by every request that asks meanwhile. */
  private async bytesOf(sharp: Sharp, name: string, cover: CoverRequest): Promise<Buffer> {
    const cached = await this.cache.lookup(name);
    const hit = cached && (await fs.readFile(cached).catch(() => undefined));
    if (hit) return hit;
    let running = this.inFlight.get(name);
    if (!running) {
      running = this.lanes.runExclusive(() => this.resize(sharp, name, cover)).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, running);
    }
    return running;
  }

  private async resize(sharp: Sharp, name: string, cover: CoverRequest): Promise<Buffer> {
    this.resizes += 1;
    let bytes: Buffer;
    try {
      const image = sharp(cover.source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
        .rotate()
        .resize(cover.size, cover.size, { fit: 'inside', withoutEnlargement: true });
      bytes = await (cover.format === 'webp'
        ? image.webp({ quality: 80 })
        : image.flatten({ background: '#000000' }).jpeg({ quality: 82, mozjpeg: true })
      ).toBuffer();
    } catch (err) {
      this.logger.info({ err, file: cover.source }, 'a cover could not be resized');
      throw new HttpError(422, COVER_MESSAGES.unreadable);
    }
    const part = await this.cache.partFile(name);
    await fs
      .writeFile(part, bytes)
      .then(() => this.cache.admit(part, name, bytes.length))
      .catch((err: unknown) => this.logger.warn({ err }, 'could not keep a resized cover'));
    return bytes;
  }
}
