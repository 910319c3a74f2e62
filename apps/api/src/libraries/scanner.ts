import fs from 'node:fs/promises';
import path from 'node:path';
import type { SongInput } from '@samaa/shared';
import type { AppEventBus } from '../context.js';
import { addSongs, deleteSong, moveScannedSong, refreshScannedSongs, type Catalogue } from '../songs/songs.service.js';
import { storeScannedLyrics } from '../lyrics/lyrics.service.js';
import { tagsFromPath } from './fallbackTags.js';
import { folderCovers } from './folderCovers.js';
import { deleteFileEntries, fileEntryId, forEachFileEntry, insertFileEntries, saveFileEntries, type LibraryFileEntry } from './libraries.repo.js';
import { LIBRARY_AUDIO_EXTENSIONS, libraryFileUrl, type LibraryFolder } from './libraryFolders.js';
import type { TagReader, TagResponse } from './tagReader.js';

export interface ScanProgress {
  done: number;
  total: number;
}

export interface ScanResult {
  files: number;
  songs: number;
  added: number;
  updated: number;
  moved: number;
  removed: number;
  unchanged: number;
  /** The first files that could not be read, by path (at most ERRORS_HELD of them). */
  errors: { path: string; error: string }[];
  /** Every file that could not be read. */
  errorCount: number;
  durationMs: number;
}

export interface ScanDeps {
  /** Where the songs found are published. */
  catalogue: Catalogue;
  reader: TagReader;
  /** Where a removed file's song is announced deleted, so its references go too. */
  events: AppEventBus;
  imagesDir: string;
  onProgress?(progress: ScanProgress): void;
  /** A file this scan read and could not take, with why (called once per such file and scan). */
  onUnreadable?(relative: string, reason: string): void;
  /** Stops the scan between two batches (the server is stopping); the next scan goes on from there. */
  signal?: AbortSignal;
}

interface DiskFile {
  relative: string;
  absolute: string;
  size: number;
  mtimeMs: number;
  /** Size and mtime of the sidecar .lrc beside it: a changed .lrc is a changed file. */
  lyricsStamp?: string;
}

/** What a rescan keeps of each known file: compact, as there is one per file in the folder. */
interface KnownFile {
  size: number;
  mtimeMs: number;
  songId?: string;
  error?: string;
  lyricsStamp?: string;
  seen?: boolean;
  unchanged?: boolean;
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);
/**
 * Files walked, read and written together: one bulk insert of songs and one of entries, and one
 * catalogue announcement, per batch. At most two batches are held at once (one read, one written).
 */
export const SCAN_BATCH = 500;
const STATS_IN_FLIGHT = 32;
/** The scan's error list is what the Libraries page shows; past this many, only the count grows. */
const ERRORS_HELD = 1000;

interface Folder {
  dir: string;
  audio: string[];
  images: string[];
  /** Each `.lrc` by its path without the extension, to match the audio file of the same name. */
  sidecars: Map<string, string>;
}

/**
 * The folder's directories one at a time, depth first (hidden files and folders and symbolic links
 * skipped): memory holds the directories still to visit, never the whole listing.
 */
async function* folders(root: string): AsyncGenerator<Folder> {
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let handle: import('node:fs').Dir;
    try {
      handle = await fs.opendir(dir);
    } catch (err) {
      if (dir === root) throw err;
      continue;
    }
    const folder: Folder = { dir, audio: [], images: [], sidecars: new Map() };
    const subdirs: string[] = [];
    for await (const entry of handle) {
      if (entry.name.startsWith('.')) continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) subdirs.push(absolute);
      else if (entry.isFile()) {
        const ext = path.extname(entry.name).toLowerCase();
        if (LIBRARY_AUDIO_EXTENSIONS.has(ext)) folder.audio.push(absolute);
        else if (ext === '.lrc') folder.sidecars.set(absolute.slice(0, -ext.length), absolute);
        else if (IMAGE_EXTENSIONS.has(ext)) folder.images.push(absolute);
      }
    }
    stack.push(...subdirs.sort().reverse());
    folder.audio.sort();
    yield folder;
  }
}

/** The audio files under the folder, counted (for progress) without holding their names. */
async function countAudio(root: string): Promise<number> {
  let count = 0;
  for await (const folder of folders(root)) count += folder.audio.length;
  return count;
}

/** The folder's audio files with their size and mtime, in batches, and the images seen so far by directory. */
async function* diskBatches(root: string, imagesByDir: Map<string, string[]>): AsyncGenerator<DiskFile[]> {
  let paths: { absolute: string; sidecar?: string }[] = [];
  const stat = async ({ absolute, sidecar }: { absolute: string; sidecar?: string }): Promise<DiskFile | undefined> => {
    const found = await fs.stat(absolute).catch(() => undefined);
    const lyrics = sidecar ? await fs.stat(sidecar).catch(() => undefined) : undefined;
    return (
      found && {
        relative: path.relative(root, absolute).split(path.sep).join('/'),
        absolute,
        size: found.size,
        mtimeMs: Math.floor(found.mtimeMs),
        ...(lyrics ? { lyricsStamp: `${lyrics.size}:${Math.floor(lyrics.mtimeMs)}` } : {}),
      }
    );
  };
  const flush = async () => {
    const batch = (await inLanes(paths, STATS_IN_FLIGHT, stat)).filter((file): file is DiskFile => file !== undefined);
    paths = [];
    return batch;
  };
  for await (const folder of folders(root)) {
    if (folder.images.length > 0) imagesByDir.set(folder.dir, folder.images);
    for (const file of folder.audio) {
      paths.push({ absolute: file, sidecar: folder.sidecars.get(file.slice(0, -path.extname(file).length)) });
      if (paths.length >= SCAN_BATCH) yield await flush();
    }
  }
  if (paths.length > 0) yield await flush();
}

async function inLanes<T, R>(items: readonly T[], lanes: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return out;
}

function songInput(library: LibraryFolder, file: DiskFile, read: TagResponse, cover: string): SongInput {
  const fallback = tagsFromPath(file.relative);
  const { title, artist, ...rest } = read.tags ?? {};
  return {
    ...rest,
    name: title ?? fallback.title,
    artist: artist ?? fallback.artist,
    ...(rest.album === undefined && fallback.album ? { album: fallback.album } : {}),
    ...(rest.trackNumber === undefined && fallback.trackNumber ? { trackNumber: fallback.trackNumber } : {}),
    img: read.coverUrl ?? cover,
    song: libraryFileUrl(library, file.relative),
  };
}

const entryOf = (library: LibraryFolder, file: DiskFile, extra: Partial<LibraryFileEntry>): LibraryFileEntry => ({
  _id: fileEntryId(library.id, file.relative),
  library: library.id,
  path: file.relative,
  size: file.size,
  mtimeMs: file.mtimeMs,
  ...(file.lyricsStamp ? { lyricsStamp: file.lyricsStamp } : {}),
  ...extra,
});

const sizeAndTime = (size: number, mtimeMs: number) => `${size}:${mtimeMs}`;

/**
 * Brings the catalogue in line with one music folder, streaming: the walk yields batches of
 * files, their tags are read in the bounded worker pool, and each batch is written with bulk
 * inserts and announced once. Unchanged files (same path, size and mtime) are not read again; a
 * file that disappeared while another with its size and mtime appeared is a move and keeps its
 * song (playlists and likes follow). Songs of deleted files go with the same cascade as an admin's
 * delete. A song an admin deleted is not brought back until its file changes.
 */
export async function scanLibrary(library: LibraryFolder, deps: ScanDeps): Promise<ScanResult> {
  const started = Date.now();
  const known = new Map<string, KnownFile>();
  await forEachFileEntry(library.id, ({ path: relative, size, mtimeMs, songId, error, lyricsStamp }) => {
    known.set(relative, { size, mtimeMs, ...(songId ? { songId } : {}), ...(error ? { error } : {}), ...(lyricsStamp ? { lyricsStamp } : {}) });
  });
  // A new file may be a known one that moved: only those whose size and mtime match a known song's
  // file wait for the end of the walk, when the files that disappeared are known.
  const movable = new Set<string>();
  for (const entry of known.values()) if (entry.songId) movable.add(sizeAndTime(entry.size, entry.mtimeMs));

  const result: ScanResult = { files: 0, songs: 0, added: 0, updated: 0, moved: 0, removed: 0, unchanged: 0, errors: [], errorCount: 0, durationMs: 0 };
  const noteError = (relative: string, error: string) => {
    result.errorCount += 1;
    if (result.errors.length < ERRORS_HELD) result.errors.push({ path: relative, error });
  };
  const progress = { done: 0, total: await countAudio(library.root) };
  deps.onProgress?.({ ...progress });
  const imagesByDir = new Map<string, string[]>();
  const cover = folderCovers(deps.imagesDir, imagesByDir);
  const maybeMoved: DiskFile[] = [];
  let keptSongs = 0;

  const readBatch = async (files: DiskFile[]) => {
    const reads = await Promise.all(files.map((file) => deps.reader.read(file.absolute)));
    const covers = await Promise.all(files.map((file, i) => reads[i]!.coverUrl ?? (reads[i]!.error ? '' : cover(path.dirname(file.absolute)))));
    return files.map((file, i) => ({ file, read: reads[i]!, cover: covers[i]! }));
  };

  const writeBatch = async (batch: Awaited<ReturnType<typeof readBatch>>) => {
    const fresh: { file: DiskFile; input: SongInput; read: TagResponse }[] = [];
    const refreshes: { id: string; file: DiskFile; input: SongInput; read: TagResponse }[] = [];
    // A sidecar that is not lyrics is reported like an unreadable file; the song still plays.
    const lyricsProblem = (read: TagResponse) => (read.lyricsProblem ? { error: read.lyricsProblem } : {});
    const rewritten: LibraryFileEntry[] = [];
    for (const { file, read, cover: img } of batch) {
      const previous = known.get(file.relative);
      if (read.error) {
        noteError(file.relative, read.error);
        deps.onUnreadable?.(file.relative, read.error);
        rewritten.push(entryOf(library, file, { ...(previous?.songId ? { songId: previous.songId } : {}), error: read.error }));
      } else {
        const input = songInput(library, file, read, img);
        if (read.lyricsProblem) noteError(file.relative, read.lyricsProblem);
        if (previous?.songId) refreshes.push({ id: previous.songId, file, input, read });
        else fresh.push({ file, input, read });
      }
    }
    if (refreshes.length > 0) {
      const kept = await refreshScannedSongs(deps.catalogue, refreshes);
      for (const [i, { id, file, input, read }] of refreshes.entries()) {
        if (kept[i]) {
          result.updated += 1;
          await storeScannedLyrics(id, read.lyrics);
          rewritten.push(entryOf(library, file, { songId: id, ...lyricsProblem(read) }));
        } else fresh.push({ file, input, read });
      }
    }
    if (fresh.length > 0) {
      const ids = await addSongs(deps.catalogue, fresh.map(({ file, input }) => ({ ...input, scanFile: fileEntryId(library.id, file.relative) })));
      for (const [k, { read }] of fresh.entries()) if (read.lyrics) await storeScannedLyrics(ids[k]!, read.lyrics);
      rewritten.push(...fresh.map(({ file, read }, k) => entryOf(library, file, { songId: ids[k], ...lyricsProblem(read) })));
      result.added += fresh.length;
    }
    // Files seen for the first time in one bulk insert; known ones rewritten by primary key.
    await insertFileEntries(rewritten.filter((entry) => !known.has(entry.path)));
    await saveFileEntries(rewritten.filter((entry) => known.has(entry.path)));
    progress.done += batch.length;
    deps.onProgress?.({ ...progress });
  };

  // Batch k is written while batch k + 1 is read; no more than that is held.
  let writing: Promise<void> = Promise.resolve();
  const pipeline = async (files: DiskFile[]) => {
    const batch = await readBatch(files);
    await writing;
    writing = writeBatch(batch);
    writing.catch(() => undefined);
  };

  for await (const batch of diskBatches(library.root, imagesByDir)) {
    if (deps.signal?.aborted) {
      await writing;
      deps.signal.throwIfAborted();
    }
    const toRead: DiskFile[] = [];
    const deferredBefore = maybeMoved.length;
    for (const file of batch) {
      result.files += 1;
      const entry = known.get(file.relative);
      if (entry) entry.seen = true;
      if (entry && entry.size === file.size && entry.mtimeMs === file.mtimeMs && entry.lyricsStamp === file.lyricsStamp) {
        result.unchanged += 1;
        entry.unchanged = true;
        if (entry.songId) keptSongs += 1;
        if (entry.error) noteError(file.relative, entry.error);
      } else if (!entry && movable.has(sizeAndTime(file.size, file.mtimeMs))) maybeMoved.push(file);
      else toRead.push(file);
    }
    progress.done += batch.length - toRead.length - (maybeMoved.length - deferredBefore);
    if (toRead.length > 0) await pipeline(toRead);
    else deps.onProgress?.({ ...progress });
  }
  await writing;
  deps.signal?.throwIfAborted();

  // Files that disappeared: the moves among them keep their songs, the rest are removed.
  const goneByKey = new Map<string, string[]>();
  const gone: string[] = [];
  for (const [relative, entry] of known) {
    if (entry.seen) continue;
    gone.push(relative);
    if (entry.songId) {
      const key = sizeAndTime(entry.size, entry.mtimeMs);
      goneByKey.set(key, [...(goneByKey.get(key) ?? []), relative]);
    }
  }
  const movedFrom = new Set<string>();
  const stillToRead: DiskFile[] = [];
  let live: Map<string, unknown> | undefined;
  for (const file of maybeMoved) {
    const from = goneByKey.get(sizeAndTime(file.size, file.mtimeMs))?.find((relative) => !movedFrom.has(relative));
    if (!from) {
      stillToRead.push(file);
      continue;
    }
    movedFrom.add(from);
    const { songId } = known.get(from)!;
    live ??= await deps.catalogue.songsById();
    if (live.has(songId!)) {
      await moveScannedSong(deps.catalogue, songId!, libraryFileUrl(library, file.relative), fileEntryId(library.id, file.relative));
      keptSongs += 1;
    }
    await saveFileEntries([entryOf(library, file, { songId })]);
    await deleteFileEntries([fileEntryId(library.id, from)]);
    result.moved += 1;
    progress.done += 1;
  }
  for (let i = 0; i < stillToRead.length; i += SCAN_BATCH) await pipeline(stillToRead.slice(i, i + SCAN_BATCH));
  await writing;

  const removed = gone.filter((relative) => !movedFrom.has(relative));
  for (const relative of removed) {
    const { songId } = known.get(relative)!;
    if (songId) await deleteSong(deps, songId).catch(() => undefined);
    result.removed += 1;
  }
  await deleteFileEntries(removed.map((relative) => fileEntryId(library.id, relative)));

  // Unchanged files whose song an admin deleted keep their entry, but are no song.
  if (keptSongs > 0) {
    live = await deps.catalogue.songsById();
    let deleted = 0;
    for (const entry of known.values()) if (entry.unchanged && entry.songId && !live.has(entry.songId)) deleted += 1;
    keptSongs = Math.max(0, keptSongs - deleted);
  }
  result.songs = result.added + result.updated + keptSongs;
  result.errors.sort((a, b) => a.path.localeCompare(b.path));
  result.durationMs = Date.now() - started;
  return result;
}
