import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadMetadata } from '@samaa/shared';
import type { Logger } from '../logger.js';
import { readAudioTags } from './audioTags.js';
import { sniffFormat } from './formats.js';
import { mediaUrlPath, type MediaStore } from './mediaStore.js';

/** Cover file of an audio file: named after it, so reading metadata twice reuses the same image. */
function coverFileName(audioFile: string, ext: string): string {
  return `${path.basename(audioFile, path.extname(audioFile))}-cover${ext}`;
}

/**
 * The tags of a stored audio file (title, artist, album, track, year, duration, ReplayGain,
 * encoder delay and padding) and its embedded cover art, saved under images/ when it is a jpeg,
 * png or webp. Unreadable tags give `{}`: the audio itself was already validated, metadata only
 * pre-fills a form.
 */
export async function readAudioMetadata(store: MediaStore, audioFile: string, logger: Logger): Promise<UploadMetadata> {
  let read;
  try {
    read = await readAudioTags(audioFile);
  } catch (err) {
    logger.warn({ err, file: path.basename(audioFile) }, 'could not read audio metadata');
    return {};
  }
  const out: UploadMetadata = { ...read.tags };
  const picture = read.picture;
  const format = picture && sniffFormat(picture.data);
  if (picture && format?.kind === 'image') {
    const name = coverFileName(audioFile, format.ext);
    const target = path.join(store.dirOf('image'), name);
    await fs.writeFile(target, picture.data, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    out.coverUrl = mediaUrlPath('image', name);
  }
  return out;
}
