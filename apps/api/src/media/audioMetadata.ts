import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import type { UploadMetadata } from '@samaa/shared';
import type { Logger } from '../logger.js';
import { sniffFormat } from './formats.js';
import { mediaUrlPath, type MediaStore } from './mediaStore.js';

const clean = (text: string | undefined) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, 100) : undefined;
};

/** Cover file of an audio file: named after it, so reading metadata twice reuses the same image. */
function coverFileName(audioFile: string, ext: string): string {
  return `${path.basename(audioFile, path.extname(audioFile))}-cover${ext}`;
}

/**
 * Title, artist, duration (whole seconds) and embedded cover art of a stored audio file.
 * The cover is saved under images/ when it is a jpeg, png or webp. Unreadable tags give `{}`:
 * the audio itself was already validated, metadata only pre-fills a form.
 */
export async function readAudioMetadata(store: MediaStore, audioFile: string, logger: Logger): Promise<UploadMetadata> {
  let parsed;
  try {
    parsed = await parseFile(audioFile, { duration: true });
  } catch (err) {
    logger.warn({ err, file: path.basename(audioFile) }, 'could not read audio metadata');
    return {};
  }
  const out: UploadMetadata = {};
  const title = clean(parsed.common.title);
  const artist = clean(parsed.common.artist ?? parsed.common.artists?.[0]);
  if (title) out.title = title;
  if (artist) out.artist = artist;
  const duration = parsed.format.duration;
  if (typeof duration === 'number' && Number.isFinite(duration) && duration > 0) out.duration = Math.round(duration);

  const picture = parsed.common.picture?.[0];
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
