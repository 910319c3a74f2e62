import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { SourceInfo } from './profiles.js';

/** music-metadata's codec names, in the short form players ask for and TARGETS uses. */
const CODECS: [RegExp, string][] = [
  [/layer 3|mp3/i, 'mp3'],
  [/opus/i, 'opus'],
  [/aac|mp4a/i, 'aac'],
  [/flac/i, 'flac'],
  [/vorbis/i, 'vorbis'],
  [/alac/i, 'alac'],
  [/pcm/i, 'pcm'],
];

const CONTAINERS: Record<string, string> = {
  '.mp3': 'mp3', '.ogg': 'ogg', '.oga': 'ogg', '.opus': 'ogg', '.m4a': 'mp4', '.mp4': 'mp4', '.m4b': 'mp4',
  '.aac': 'aac', '.flac': 'flac', '.wav': 'wav', '.wave': 'wav',
};

/** One parse per file version: a play's many stream requests (and a decision first) read it once. */
const cache = new LRUCache<string, SourceInfo>({ max: 2000 });

/**
 * What a stored file holds, from its headers (music-metadata, without a scan for the exact
 * duration). A file it cannot read is described by its extension alone, so that any request for
 * a format or a bit rate transcodes it.
 */
export async function sourceInfo(file: string): Promise<SourceInfo & { mtimeMs: number; size: number }> {
  const stat = await fs.promises.stat(file);
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  let info = cache.get(key);
  if (!info) {
    const container = CONTAINERS[path.extname(file).toLowerCase()] ?? 'unknown';
    info = { container, lossless: false };
    try {
      const { parseFile } = await import('music-metadata');
      const { format } = await parseFile(file, { duration: false, skipCovers: true });
      info = {
        container,
        codec: CODECS.find(([pattern]) => pattern.test(format.codec ?? ''))?.[1],
        bitrate: format.bitrate ? Math.round(format.bitrate) : undefined,
        channels: format.numberOfChannels,
        sampleRate: format.sampleRate,
        bitDepth: format.bitsPerSample,
        lossless: Boolean(format.lossless),
        duration: format.duration,
      };
    } catch {
      /* unreadable: described by its extension */
    }
    cache.set(key, info);
  }
  return { ...info, mtimeMs: stat.mtimeMs, size: stat.size };
}
