import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_COVER_PATH, MEDIA_FOLDERS, isUnsafeFileName, mediaObjectName, type MediaKind } from '@samaa/shared';
import { coverArtPng } from './demo/coverArt.js';
import type { Config } from '../config/config.js';
import type { MediaFormat } from './formats.js';

/** Where media live on disk: MEDIA_DIR/audio, MEDIA_DIR/images, and unfinished tus uploads. */
export interface MediaStore {
  root: string;
  /** tus working directory (partial uploads and their .json), never served. */
  incomingDir: string;
  dirOf(kind: MediaKind): string;
}

export function mediaStore(config: Config): MediaStore {
  const root = config.media.dir;
  return {
    root,
    incomingDir: path.join(root, '.incoming'),
    dirOf: (kind) => path.join(root, MEDIA_FOLDERS[kind]),
  };
}

export function ensureMediaDirs(store: MediaStore): void {
  for (const dir of [store.incomingDir, store.dirOf('audio'), store.dirOf('image')]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const defaultCover = path.join(store.dirOf('image'), path.basename(DEFAULT_COVER_PATH));
  if (!fs.existsSync(defaultCover)) {
    fs.writeFileSync(defaultCover, coverArtPng({ from: [40, 44, 60], to: [20, 160, 130], accent: [240, 240, 240], motif: 'vinyl' }));
  }
}

/** Public path of a stored file: /media/audio/… or /media/images/… */
export function mediaUrlPath(kind: MediaKind, fileName: string): string {
  return `/media/${MEDIA_FOLDERS[kind]}/${encodeURIComponent(fileName)}`;
}

/** The folder segment of a /media URL, back to its kind. */
export function kindOfFolder(folder: string): MediaKind | undefined {
  return (Object.keys(MEDIA_FOLDERS) as MediaKind[]).find((kind) => MEDIA_FOLDERS[kind] === folder);
}

/**
 * The file a (decoded) stored name points to, or undefined when the name could leave its folder.
 * Stored names are single path segments, so anything else is refused outright.
 */
export function resolveStoredFile(store: MediaStore, kind: MediaKind, fileName: string): string | undefined {
  if (!fileName || isUnsafeFileName(fileName) || fileName.startsWith('.')) return undefined;
  const dir = store.dirOf(kind);
  const full = path.resolve(dir, fileName);
  return path.dirname(full) === dir ? full : undefined;
}

/** `/media/audio/x.mp3` → its kind and file on disk, when it is a well-formed store path. */
export function resolveMediaPath(store: MediaStore, urlPath: string): { kind: MediaKind; file: string } | undefined {
  const match = /^\/media\/([a-z]+)\/([^/]+)$/.exec(urlPath);
  if (!match) return undefined;
  const kind = kindOfFolder(match[1]!);
  if (!kind) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  const file = resolveStoredFile(store, kind, name);
  return file ? { kind, file } : undefined;
}

/**
 * `{timestamp}{sanitised name}`, with the detected format's extension when the original name
 * did not carry a matching one. Never reuses an existing name.
 */
export function storedFileName(store: MediaStore, originalName: string, format: MediaFormat): string {
  let now = Date.now();
  for (;;) {
    let name = mediaObjectName(originalName, now);
    const ext = path.extname(name).toLowerCase();
    if (!format.extensions.includes(ext)) name += format.ext;
    if (!fs.existsSync(path.join(store.dirOf(format.kind), name))) return name;
    now += 1;
  }
}
