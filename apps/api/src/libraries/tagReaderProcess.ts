import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { lyricsOfAudioFile } from '../lyrics/audioFileLyrics.js';
import { readAudioTags } from '../media/audioTags.js';
import { sniffFile, sniffFormat } from '../media/formats.js';
import { mediaUrlPath } from '../media/mediaStore.js';
import type { TagRequest, TagResponse } from './tagReader.js';

/*
 * The scanner's worker: a child process the server starts, so that parsing thousands of files
 * never holds up a request. It reads the tags of each file the parent sends, saves embedded cover
 * art once (named by its hash, so an album's tracks share one file) and answers with the result.
 */

async function saveCover(imagesDir: string, data: Uint8Array): Promise<string | undefined> {
  const format = sniffFormat(data);
  if (format?.kind !== 'image') return undefined;
  const name = `cover-${createHash('sha1').update(data).digest('hex').slice(0, 20)}${format.ext}`;
  await fs.writeFile(path.join(imagesDir, name), data, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return mediaUrlPath('image', name);
}

async function answer(request: TagRequest): Promise<TagResponse> {
  try {
    // The parser reads almost anything without complaint; the file's signature says if it is audio.
    if ((await sniffFile(request.file))?.kind !== 'audio') {
      return { id: request.id, error: 'Not an audio file this server can play (mp3, m4a/aac, ogg/opus, flac or wav)' };
    }
    const { tags, picture, native } = await readAudioTags(request.file, { exactDuration: false });
    const coverUrl = picture ? await saveCover(request.imagesDir, picture.data) : undefined;
    const { lyrics, problem } = await lyricsOfAudioFile(request.file, native);
    return { id: request.id, tags, coverUrl, ...(lyrics ? { lyrics } : {}), ...(problem ? { lyricsProblem: problem } : {}) };
  } catch (err) {
    return { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
}

process.on('message', (request: TagRequest) => {
  void answer(request).then((response) => process.send?.(response));
});
process.on('disconnect', () => process.exit(0));
