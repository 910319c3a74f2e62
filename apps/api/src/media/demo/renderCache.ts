import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../../db/ferretdb.js';

export interface RenderedDemo {
  mp3: Buffer;
  cover: Buffer;
  /** Seconds. */
  duration: number;
  /** What the MP3's LAME header records, in samples: stored on the song for gapless playback. */
  encoderDelay: number;
  encoderPadding: number;
}

/**
 * Rendering and MP3-encoding the demo songs in pure JS takes most of a first start, so the result
 * is kept in the repository's git-ignored cache, keyed by everything that shapes the bytes. A fresh
 * DATA_DIR (every e2e run, every new install on the same checkout) then copies instead of encoding.
 * Outside a checkout (e.g. the Docker image) there is no cache and songs are rendered each time.
 */
export function demoRenderCache(fingerprint: unknown): {
  get(slug: string): RenderedDemo | undefined;
  put(slug: string, rendered: RenderedDemo): void;
} {
  let dir: string | undefined;
  try {
    const key = crypto.createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex').slice(0, 16);
    dir = path.join(cacheDir(), 'demo-media', key);
  } catch {
    dir = undefined;
  }
  const files = (slug: string) => ({
    mp3: path.join(dir!, `${slug}.mp3`),
    cover: path.join(dir!, `${slug}.png`),
    meta: path.join(dir!, `${slug}.json`),
  });
  return {
    get(slug) {
      if (!dir) return undefined;
      const f = files(slug);
      try {
        const meta = JSON.parse(fs.readFileSync(f.meta, 'utf8')) as Pick<RenderedDemo, 'duration' | 'encoderDelay' | 'encoderPadding'>;
        const { duration, encoderDelay, encoderPadding } = meta;
        if (typeof encoderDelay !== 'number' || typeof encoderPadding !== 'number') return undefined;
        return { mp3: fs.readFileSync(f.mp3), cover: fs.readFileSync(f.cover), duration, encoderDelay, encoderPadding };
      } catch {
        return undefined;
      }
    },
    put(slug, rendered) {
      if (!dir) return;
      try {
        fs.mkdirSync(dir, { recursive: true });
        const f = files(slug);
        const write = (file: string, data: Buffer | string) => {
          const tmp = `${file}.${process.pid}.tmp`;
          fs.writeFileSync(tmp, data);
          fs.renameSync(tmp, file);
        };
        write(f.mp3, rendered.mp3);
        write(f.cover, rendered.cover);
        // Written last: its presence means the other two are complete.
        const { duration, encoderDelay, encoderPadding } = rendered;
        write(f.meta, JSON.stringify({ duration, encoderDelay, encoderPadding }));
      } catch {
        /* a cache that cannot be written only costs time */
      }
    },
  };
}
