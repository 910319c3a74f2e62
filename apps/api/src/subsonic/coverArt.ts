import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Cover art at the size a client asks for, resized once and kept on disk: phones ask for the
 * same few sizes of every cover over and over. The cache key includes the source's size and
 * mtime, so a replaced image is resized anew.
 */
export async function resizedCover(cacheDir: string, source: string, size: number): Promise<string> {
  const stat = await fs.stat(source);
  const key = createHash('sha1').update(`${source}\0${stat.size}\0${stat.mtimeMs}`).digest('hex').slice(0, 24);
  const target = path.join(cacheDir, `${key}-${size}.jpg`);
  try {
    await fs.access(target);
    return target;
  } catch {
    // not cached yet
  }
  await fs.mkdir(cacheDir, { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  // Loaded on the first resize: sharp is slow to load, which start-up need not pay.
  const { default: sharp } = await import('sharp');
  await sharp(source)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .jpeg({ quality: 85 })
    .toFile(partial);
  // A concurrent request for the same size wrote the same bytes: either rename wins.
  await fs.rename(partial, target);
  return target;
}
