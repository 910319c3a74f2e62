import fs from 'node:fs/promises';
import path from 'node:path';
import type { DirStampEntry } from './libraries.repo.js';
import { LIBRARY_AUDIO_EXTENSIONS } from './libraryFolders.js';

/** The file-system calls a scan makes: the scanner takes them, so tests can count them. */
export interface ScanFs {
  lstat(file: string): Promise<{ mtimeMs: number; isDirectory(): boolean }>;
  stat(file: string): Promise<{ size: number; mtimeMs: number; isDirectory(): boolean }>;
  opendir(dir: string): Promise<AsyncIterable<{ name: string; isFile(): boolean; isDirectory(): boolean }>>;
}

export const nodeScanFs: ScanFs = {
  lstat: (file) => fs.lstat(file),
  stat: (file) => fs.stat(file),
  opendir: (dir) => fs.opendir(dir),
};

/**
 * A directory whose mtime is this close to the moment it was read is listed again by the next
 * scan: a change made in the same tick of a coarse clock (FAT keeps 2 s, many network shares 1 s)
 * would leave the mtime as it was.
 */
export const RACY_MS = 2000;
/** The mtime a stamp keeps when it was too recent to rely on: it never matches. */
export const UNTRUSTED = -1;

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

/** One directory's entries by kind (hidden files and folders and symbolic links skipped), by name. */
export interface Listing {
  audio: string[];
  images: string[];
  /** Each `.lrc` by its name without the extension, to match the audio file of the same name. */
  sidecars: Map<string, string>;
  dirs: string[];
}

export async function listDir(scanFs: ScanFs, dir: string): Promise<Listing> {
  const listing: Listing = { audio: [], images: [], sidecars: new Map(), dirs: [] };
  for await (const entry of await scanFs.opendir(dir)) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) listing.dirs.push(entry.name);
    else if (entry.isFile()) {
      const ext = path.extname(entry.name).toLowerCase();
      if (LIBRARY_AUDIO_EXTENSIONS.has(ext)) listing.audio.push(entry.name);
      else if (ext === '.lrc') listing.sidecars.set(entry.name.slice(0, -ext.length), entry.name);
      else if (IMAGE_EXTENSIONS.has(ext)) listing.images.push(entry.name);
    }
  }
  listing.audio.sort();
  listing.dirs.sort();
  return listing;
}

/** A directory the scan lists and whose files it stats. */
export interface ChangedDir {
  path: string;
  /** Its mtime before it was listed, or UNTRUSTED when too recent to rely on next time. */
  mtimeMs: number;
  dirs: string[];
  audio: number;
  /** Its audio files' names, while the plan keeps names (see `namesUpTo`). */
  names?: string[];
  stamp?: DirStampEntry;
}

export interface ScanPlan {
  /** In walk order (depth first, by name). */
  changed: ChangedDir[];
  /** Directories whose mtime matches their stamp: their files are neither listed nor stat'ed. */
  unchanged: DirStampEntry[];
  /** Stamps of directories that are no longer there: their files are gone. */
  gone: DirStampEntry[];
  unchangedFiles: number;
  changedFiles: number;
  /** Whether every changed directory holds its names (false past `namesUpTo` files). */
  namesKept: boolean;
}

export interface PlanOptions {
  scanFs: ScanFs;
  /** Stamps from the last scan; empty to list every directory. */
  stamps: ReadonlyMap<string, DirStampEntry>;
  /** Directories to list whatever their mtime (the watcher saw a change in them). */
  dirty?: ReadonlySet<string>;
  /** List every directory, whatever its stamp. */
  full?: boolean;
  /** Keep the changed directories' file names while they are at most this many (default none). */
  namesUpTo?: number;
  signal?: AbortSignal;
}

export const joinRelative = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
export const dirOfRelative = (relative: string) => relative.slice(0, Math.max(0, relative.lastIndexOf('/')));

/**
 * Walks the folder's directories, depth first: one `lstat` per directory (a `stat` for the folder
 * itself), and a listing only of
 * those whose mtime differs from their stamp (or that have none, or are dirty). An unchanged
 * directory's subdirectories come from its stamp, since adding or removing one moves its mtime.
 */
export async function planScan(root: string, options: PlanOptions): Promise<ScanPlan> {
  const { scanFs, stamps, dirty } = options;
  const plan: ScanPlan = { changed: [], unchanged: [], gone: [], unchangedFiles: 0, changedFiles: 0, namesKept: true };
  const namesUpTo = options.namesUpTo ?? 0;
  const visited = new Set<string>();
  const stack = [''];
  while (stack.length > 0) {
    options.signal?.throwIfAborted();
    const relative = stack.pop()!;
    const absolute = relative ? path.join(root, ...relative.split('/')) : root;
    let mtimeMs: number;
    const listedAt = Date.now();
    try {
      // The folder itself may be a symbolic link (a mount point's alias); links inside it are skipped.
      const stat = relative ? await scanFs.lstat(absolute) : await scanFs.stat(absolute);
      if (!stat.isDirectory()) throw Object.assign(new Error(`${absolute} is not a directory`), { code: 'ENOTDIR' });
      mtimeMs = Math.floor(stat.mtimeMs);
    } catch (err) {
      if (!relative) throw err;
      continue;
    }
    visited.add(relative);
    const stamp = stamps.get(relative);
    if (!options.full && stamp && stamp.mtimeMs !== UNTRUSTED && stamp.mtimeMs === mtimeMs && !dirty?.has(relative)) {
      plan.unchanged.push(stamp);
      plan.unchangedFiles += stamp.files.length;
      for (let i = stamp.dirs.length - 1; i >= 0; i -= 1) stack.push(joinRelative(relative, stamp.dirs[i]!));
      continue;
    }
    let listing: Listing;
    try {
      listing = await listDir(scanFs, absolute);
    } catch (err) {
      if (!relative) throw err;
      visited.delete(relative);
      continue;
    }
    plan.changed.push({
      path: relative,
      mtimeMs: listedAt - mtimeMs >= RACY_MS ? mtimeMs : UNTRUSTED,
      dirs: listing.dirs,
      audio: listing.audio.length,
      ...(stamp ? { stamp } : {}),
    });
    plan.changedFiles += listing.audio.length;
    if (plan.namesKept && plan.changedFiles > namesUpTo) {
      plan.namesKept = false;
      for (const dir of plan.changed) delete dir.names;
    }
    if (plan.namesKept) plan.changed.at(-1)!.names = listing.audio;
    for (let i = listing.dirs.length - 1; i >= 0; i -= 1) stack.push(joinRelative(relative, listing.dirs[i]!));
  }
  for (const [relative, stamp] of stamps) if (!visited.has(relative)) plan.gone.push(stamp);
  return plan;
}
