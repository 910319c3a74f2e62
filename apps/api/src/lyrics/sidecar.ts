import fs from 'node:fs/promises';
import path from 'node:path';
import { LYRICS_MAX_BYTES } from '@samaa/shared';
import { parseLyricsBytes, type ParsedLyrics } from './lrc.js';

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

/** A sidecar's lyrics; throws NotLyricsError when it holds none. */
export async function readSidecar(file: string): Promise<ParsedLyrics> {
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
