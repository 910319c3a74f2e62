import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.js';

/** A configured music folder. Its id comes from its path, so it is the same in every process. */
export interface LibraryFolder {
  id: string;
  name: string;
  root: string;
}

export function libraryFolders(config: Config): LibraryFolder[] {
  return config.musicDirs.map((root) => ({
    id: createHash('sha1').update(root).digest('hex').slice(0, 10),
    name: path.basename(root) || root,
    root,
  }));
}

/** Formats a music folder may hold, by extension (what the scanner reads and the media route serves). */
export const LIBRARY_AUDIO_EXTENSIONS = new Set(['.mp3', '.m4a', '.mp4', '.m4b', '.aac', '.ogg', '.oga', '.opus', '.flac', '.wav']);

/** The URL a folder file is served at: each path segment encoded. */
export function libraryFileUrl(library: LibraryFolder, relative: string): string {
  return `/media/library/${library.id}/${relative.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The file a /media/library URL points to, only when it is an audio file inside its folder: no
 * `..`, no absolute path, and no symbolic link leading out of the folder.
 */
export async function resolveLibraryUrl(config: Config, urlPath: string): Promise<string | undefined> {
  const match = /^\/media\/library\/([a-z0-9]+)\/(.+)$/.exec(urlPath);
  if (!match) return undefined;
  const library = libraryFolders(config).find((folder) => folder.id === match[1]);
  if (!library) return undefined;
  let segments: string[];
  try {
    segments = match[2]!.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (segments.some((part) => !part || part === '.' || part === '..' || /[\\/\0]/.test(part))) return undefined;
  const file = path.join(library.root, ...segments);
  if (!LIBRARY_AUDIO_EXTENSIONS.has(path.extname(file).toLowerCase())) return undefined;
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(library.root), fs.realpath(file)]);
    return realFile.startsWith(realRoot + path.sep) ? realFile : undefined;
  } catch {
    return undefined;
  }
}
