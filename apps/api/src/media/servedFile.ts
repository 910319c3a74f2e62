import path from 'node:path';
import type { Config } from '../config/config.js';
import { resolveLibraryUrl } from '../libraries/libraryFolders.js';
import { mimeForExtension } from './formats.js';
import { mediaStore, resolveMediaPath } from './mediaStore.js';

export interface ServedFile {
  file: string;
  mime: string;
  kind: 'audio' | 'image';
  /** Stored uploads never change; music folder files may be retagged in place. */
  immutable: boolean;
}

/** The file on disk behind a /media URL: an upload, a demo file or a music folder's file. */
export async function resolveServedFile(config: Config, urlPath: string): Promise<ServedFile | undefined> {
  const stored = resolveMediaPath(mediaStore(config), urlPath);
  if (stored) {
    const mime = mimeForExtension(path.extname(stored.file));
    return mime ? { file: stored.file, mime, kind: stored.kind, immutable: true } : undefined;
  }
  const file = await resolveLibraryUrl(config, urlPath);
  const mime = file && mimeForExtension(path.extname(file));
  return file && mime ? { file, mime, kind: 'audio', immutable: false } : undefined;
}
