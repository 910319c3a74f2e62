import path from 'node:path';
import { lyricsFileIgnored } from '@samaa/shared';
import { NotLyricsError, type ParsedLyrics } from './lrc.js';
import { readSidecar, sidecarOf } from './sidecar.js';
import { lyricsFromTags, type NativeTag } from './tagLyrics.js';

/*
 * The one place lyrics are read from a music file: the scanner's tag reader and a first play of
 * an uploaded song both ask here.
 */

/** Lyrics found for an audio file, and where. */
export interface FoundLyrics extends ParsedLyrics {
  source: 'sidecar' | 'tags';
}

export interface AudioFileLyrics {
  lyrics?: FoundLyrics;
  /** Why a sidecar file was ignored, for the admin Libraries page. */
  problem?: string;
}

export type NativeTags = Record<string, NativeTag[]>;

/** The file's native tags, without cover art or an exact duration: only lyrics are wanted. */
async function readNativeTags(audioFile: string): Promise<NativeTags> {
  // Loaded on first use: music-metadata is slow to load, which start-up need not pay.
  const { parseFile } = await import('music-metadata');
  return (await parseFile(audioFile, { duration: false, skipCovers: true })).native;
}

/**
 * A music file's lyrics, best source first: a sidecar `.lrc` beside it, then its tags. A sidecar
 * that is not lyrics is ignored with the reason, and the tags answer. A caller that has parsed
 * the file already passes its native tags; else they are read only when no sidecar answers.
 * Throws when the tags are read here and the file cannot be parsed.
 */
export async function lyricsOfAudioFile(audioFile: string, native?: NativeTags): Promise<AudioFileLyrics> {
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
  const tags = lyricsFromTags(native ?? (await readNativeTags(audioFile)));
  return { ...(tags ? { lyrics: { ...tags, source: 'tags' } } : {}), ...(problem ? { problem } : {}) };
}
