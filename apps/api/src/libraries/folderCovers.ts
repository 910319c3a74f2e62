import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { coverArtPng } from '../media/demo/coverArt.js';
import { sniffFormat } from '../media/formats.js';
import { mediaUrlPath } from '../media/mediaStore.js';

const COVER_NAMES = ['cover', 'folder', 'front', 'album'];
const DEFAULT_COVER = 'library-cover.png';

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
 * one generated placeholder. Each folder is looked at once per scan.
 */
export function folderCovers(imagesDir: string, imagesByDir: Map<string, string[]>) {
  const byDir = new Map<string, Promise<string | undefined>>();
  let placeholder: Promise<string> | undefined;

  const findIn = async (dir: string) => {
    const candidates = imagesByDir.get(dir) ?? [];
    const named = candidates.find((file) => COVER_NAMES.includes(path.basename(file, path.extname(file)).toLowerCase()));
    const pick = named ?? candidates[0];
    return pick ? storeImage(imagesDir, await fs.readFile(pick)).catch(() => undefined) : undefined;
  };

  const fallback = () =>
    (placeholder ??= (async () => {
      const png = coverArtPng({ from: [40, 44, 60], to: [20, 160, 130], accent: [240, 240, 240], motif: 'vinyl' });
      await fs.writeFile(path.join(imagesDir, DEFAULT_COVER), png);
      return mediaUrlPath('image', DEFAULT_COVER);
    })());

  return async (dir: string): Promise<string> => {
    let found = byDir.get(dir);
    if (!found) {
      found = findIn(dir);
      byDir.set(dir, found);
    }
    return (await found) ?? fallback();
  };
}
