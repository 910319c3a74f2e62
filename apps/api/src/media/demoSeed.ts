import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaObjectName, sanitizeFileName } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { addSongs, catalogueIsEmpty } from '../songs/songs.service.js';
import { DEMO_SONGS, type DemoSong } from './demo/catalogue.js';
import { coverArtPng } from './demo/coverArt.js';
import { id3v2Tag } from './demo/id3.js';
import { encodeMp3WithInfo, type CutContext } from './demo/mp3.js';
import { renderTune } from './demo/synth.js';
import { demoRenderCache, type RenderedDemo } from './demo/renderCache.js';
import { ensureMediaDirs, mediaStore, mediaUrlPath, type MediaStore } from './mediaStore.js';

/** Low enough to encode a dozen songs in seconds with a pure-JS encoder, fine for tones. */
export const DEMO_SAMPLE_RATE = 22050;
export const DEMO_KBPS = 64;

/** Everything that shapes the rendered bytes: a change renders anew. Format 2: LAME Info frames. */
const DEMO_FINGERPRINT = { songs: DEMO_SONGS, rate: DEMO_SAMPLE_RATE, kbps: DEMO_KBPS, format: 2 };

/** Samples across a cut the encoder hears on each side (see CutContext): two MPEG-2 granule pairs. */
const CUT_CONTEXT = 2304;

interface DemoSongDoc {
  name: string;
  artist: string;
  img: string;
  song: string;
  duration: number;
  album?: string;
  trackNumber?: number;
  encoderDelay: number;
  encoderPadding: number;
  sampleRate: number;
}

interface WrittenSong {
  files: string[];
  doc: DemoSongDoc;
}

/** The song's samples: the whole tune, or its side of a cut, with the other side as context. */
export function demoSamples(demo: DemoSong, sampleRate = DEMO_SAMPLE_RATE): { samples: Float32Array; context: CutContext } {
  const whole = renderTune(demo.tune, sampleRate);
  if (!demo.cut) return { samples: whole, context: {} };
  const at = Math.round(demo.cut.at * sampleRate);
  return demo.cut.side === 'before'
    ? { samples: whole.subarray(0, at), context: { after: whole.subarray(at, at + CUT_CONTEXT) } }
    : { samples: whole.subarray(at), context: { before: whole.subarray(Math.max(0, at - CUT_CONTEXT), at) } };
}

/** Synthesises, tags and encodes one demo song (the slow part: pure-JS MP3 encoding). */
function renderDemoSong(demo: DemoSong): RenderedDemo {
  const cover = coverArtPng(demo.cover);
  const { samples, context } = demoSamples(demo);
  const encoded = encodeMp3WithInfo(samples, DEMO_SAMPLE_RATE, DEMO_KBPS, context);
  const tag = id3v2Tag({
    title: demo.name,
    artist: demo.artist,
    album: demo.album,
    trackNumber: demo.trackNumber,
    cover: { mime: 'image/png', data: cover },
  });
  return {
    mp3: Buffer.concat([tag, encoded.data]),
    cover,
    duration: Math.round(samples.length / DEMO_SAMPLE_RATE),
    encoderDelay: encoded.encoderDelay,
    encoderPadding: encoded.encoderPadding,
  };
}

type RenderCache = ReturnType<typeof demoRenderCache>;

/** Writes one demo song, `{timestamp}{name}.mp3` and its cover PNG, rendered or from the cache. */
async function writeDemoSong(store: MediaStore, demo: DemoSong, now: number, cache: RenderCache): Promise<WrittenSong> {
  const slug = sanitizeFileName(demo.name);
  let rendered = cache.get(slug);
  if (!rendered) {
    rendered = renderDemoSong(demo);
    cache.put(slug, rendered);
  }
  const { mp3, cover, duration, encoderDelay, encoderPadding } = rendered;
  const audioName = mediaObjectName(`${demo.name}.mp3`, now);
  const imageName = mediaObjectName(`${demo.name}.png`, now);
  const files = [path.join(store.dirOf('audio'), audioName), path.join(store.dirOf('image'), imageName)];
  await fs.writeFile(files[0]!, mp3);
  await fs.writeFile(files[1]!, cover);
  return {
    files,
    doc: {
      name: demo.name,
      artist: demo.artist,
      img: mediaUrlPath('image', imageName),
      song: mediaUrlPath('audio', audioName),
      duration,
      ...(demo.album ? { album: demo.album } : {}),
      ...(demo.trackNumber ? { trackNumber: demo.trackNumber } : {}),
      encoderDelay,
      encoderPadding,
      sampleRate: DEMO_SAMPLE_RATE,
    },
  };
}

/**
 * Writes the demo songs' audio and covers into MEDIA_DIR (rendered or from the cache) and returns
 * their song fields, without inserting anything: `npm run seed` reuses them as playable media.
 */
export async function writeDemoMedia(config: AppContext['config']): Promise<WrittenSong['doc'][]> {
  const store = mediaStore(config);
  ensureMediaDirs(store);
  const cache = demoRenderCache(DEMO_FINGERPRINT);
  const now = Date.now();
  const written: WrittenSong[] = [];
  for (const demo of DEMO_SONGS) written.push(await writeDemoSong(store, demo, now, cache));
  return written.map((w) => w.doc);
}

/**
 * On a start with an empty song collection (and SEED_DEMO not false), generates a playable demo
 * catalogue: synthesised MP3s and PNG covers in MEDIA_DIR, one song document each.
 * Returns how many songs were inserted.
 */
export async function seedDemoCatalogue(ctx: AppContext): Promise<number> {
  if (!ctx.config.seedDemo) return 0;
  if (!(await catalogueIsEmpty(ctx.data))) return 0;
  const store = mediaStore(ctx.config);
  ensureMediaDirs(store);
  const started = Date.now();
  const written: WrittenSong[] = [];
  const cache = demoRenderCache(DEMO_FINGERPRINT);
  try {
    for (const demo of DEMO_SONGS) written.push(await writeDemoSong(store, demo, started, cache));
    await addSongs(ctx, written.map((w) => w.doc));
  } catch (err) {
    await Promise.all(written.flatMap((w) => w.files).map((file) => fs.rm(file, { force: true })));
    throw err;
  }
  ctx.logger.info(`Seeded ${written.length} demo songs in ${Date.now() - started} ms`);
  return written.length;
}
