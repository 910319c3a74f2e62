import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_COVER_PATH } from '@samaa/shared';
import { sniffFormat } from '../media/formats.js';
import { mediaUrlPath } from '../media/mediaStore.js';

const COVER_NAMES = ['cover', 'folder', 'front', 'album'];

/** Copies an image into the media store once, named by its content. */
async function storeImage(imagesDir: string, data: Buffer): Promise<string | undefined> {
  const format = sniffFormat(data);
  if (format?.kind !== 'image') return undefined;
  const name = `cover-${createHash('sha1').update(data).digest('hex').slice(0, 20)}${format.ext}`;
  await fs.writeFile(path.join(imagesDir, name), data, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return mediaUrlPath('image', name);
}

/**
 * Cover art for songs without embedded art: a cover.jpg, folder.png or the like next to them, else
 * the media store's default cover. Each folder is looked at once per scan.
 */
export function folderCovers(imagesDir: string, imagesByDir: Map<string, string[]>) {
  const byDir = new Map<string, Promise<string | undefined>>();

  const findIn = async (dir: string) => {
    const candidates = imagesByDir.get(dir) ?? [];
    const named = candidates.find((file) => COVER_NAMES.includes(path.basename(file, path.extname(file)).toLowerCase()));
    const pick = named ?? candidates[0];
    return pick ? storeImage(imagesDir, await fs.readFile(pick)).catch(() => undefined) : undefined;
  };

  return async (dir: string): Promise<string> => {
    let found = byDir.get(dir);
    if (!found) {
      found = findIn(dir);
      byDir.set(dir, found);
    }
    return (await found) ?? DEFAULT_COVER_PATH;
  };
}
