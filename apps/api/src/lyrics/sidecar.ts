import fs from 'node:fs/promises';
import path from 'node:path';
import { LYRICS_MAX_BYTES, lyricsFileIgnored } from '@samaa/shared';
import { NotLyricsError, parseLyricsBytes, type ParsedLyrics } from './lrc.js';
import { lyricsFromTags, type NativeTag } from './tagLyrics.js';

/** Lyrics found for an audio file, and where. */
export interface FoundLyrics extends ParsedLyrics {
  source: 'sidecar' | 'tags';
}

export interface AudioFileLyrics {
  lyrics?: FoundLyrics;
  /** Why a sidecar file was ignored, for the admin Libraries page. */
  problem?: string;
}

/** The `.lrc` file beside an audio file (same base name, any case of the extension), if any. */
export async function sidecarOf(audioFile: string): Promise<string | undefined> {
  const dir = path.dirname(audioFile);
  const base = path.basename(audioFile, path.extname(audioFile));
  for (const ext of ['.lrc', '.LRC', '.Lrc']) {
    const candidate = path.join(dir, base + ext);
    const stat = await fs.stat(candidate).catch(() => undefined);
    if (stat?.isFile()) return candidate;
  }
  return undefined;
}

async function readSidecar(file: string): Promise<ParsedLyrics> {
  const handle = await fs.open(file, 'r');
  try {
    // One byte more than allowed: enough to know the file is too large, without reading it all.
    const buffer = Buffer.alloc(LYRICS_MAX_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return parseLyricsBytes(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * A music file's lyrics, best source first: a sidecar `.lrc` beside it, then its tags. A sidecar
 * that is not lyrics is ignored with the reason, and the tags answer.
 */
export async function lyricsOfAudioFile(audioFile: string, native: Record<string, NativeTag[]>): Promise<AudioFileLyrics> {
  const sidecar = await sidecarOf(audioFile);
  let problem: string | undefined;
  if (sidecar) {
    try {
      return { lyrics: { ...(await readSidecar(sidecar)), source: 'sidecar' } };
    } catch (err) {
      const reason = err instanceof NotLyricsError ? err.message : (err as NodeJS.ErrnoException).code === 'EACCES' ? 'cannot be read' : String(err);
      problem = lyricsFileIgnored(path.basename(sidecar), reason);
    }
  }
  const tags = lyricsFromTags(native);
  return { ...(tags ? { lyrics: { ...tags, source: 'tags' } } : {}), ...(problem ? { problem } : {}) };
}
