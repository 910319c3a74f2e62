import type { AppData } from '../db/appData.js';
import path from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { SongInput } from '@samaa/shared';
import type { AppEventBus } from '../context.js';
import { addSongs, deleteSong, moveScannedSong, refreshScannedSongs, type Catalogue } from '../songs/songs.service.js';
import { storeScannedLyrics } from '../lyrics/lyrics.service.js';
import { tagsFromPath } from './fallbackTags.js';
import { folderCovers } from './folderCovers.js';
import {
  deleteFileEntries,
  dirStampsOf,
  fileEntryById,
  fileEntryId,
  forEachFileEntry,
  insertFileEntries,
  saveDirStamps,
  saveFileEntries,
  type DirStampEntry,
  type LibraryFileEntry,
} from './libraries.repo.js';
import { libraryFileUrl, type LibraryFolder } from './libraryFolders.js';
import { dirOfRelative, joinRelative, listDir, nodeScanFs, planScan, type ChangedDir, type ScanFs } from './scanPlan.js';
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
  /** Where the songs found are stored. */
  data: AppData;
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
  /** Ignores the directory stamps and reads every file's tags again (the admin's "Full rescan"). */
  full?: boolean;
  /** Directories (relative, `/`-separated) the watcher saw change: listed whatever their mtime. */
  dirty?: ReadonlySet<string>;
  /** The file-system calls (tests count them). */
  fs?: ScanFs;
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
}

/**
 * Files walked, read and written together: one bulk insert of songs and one of entries, and one
 * catalogue announcement, per batch. At most two batches are held at once (one read, one written).
 */
export const SCAN_BATCH = 500;
/** Stats in flight: a few, so the thread pool that also reads files for requests is never all the scan's. */
const STATS_IN_FLIGHT = 8;
/** Primary-key reads and writes of file entries in flight. */
const ENGINE_LANES = 16;
/** The scan's error list is what the Libraries page shows; past this many, only the count grows. */
const ERRORS_HELD = 1000;
/**
 * A rescan reads the entries of changed directories by primary key while they are at most this
 * many, or a tenth of the files; past that, one read of all the folder's entries costs less.
 */
const LOOKUPS_AT_LEAST = 2000;

/** A directory being scanned: what its stamp will hold. */
type BuildingStamp = DirStampEntry & { errors: { name: string; error: string }[] };

/**
 * The changed directories' audio files with their size and mtime, in batches (each directory
 * listed again: the plan keeps no listing), and the images seen so far by directory.
 */
async function* diskBatches(
  root: string,
  changed: readonly ChangedDir[],
  scanFs: ScanFs,
  imagesByDir: Map<string, string[]>,
  building: Map<string, BuildingStamp>,
  vanished: string[],
): AsyncGenerator<DiskFile[]> {
  type Pending = { absolute: string; relative: string; name: string; sidecar?: string; stamp: BuildingStamp };
  let pending: Pending[] = [];
  const stat = async ({ absolute, relative, name, sidecar, stamp }: Pending): Promise<DiskFile | undefined> => {
    const found = await scanFs.stat(absolute).catch(() => undefined);
    if (!found) return undefined;
    const lyrics = sidecar ? await scanFs.stat(sidecar).catch(() => undefined) : undefined;
    stamp.files.push(name);
    return {
      relative,
      absolute,
      size: found.size,
      mtimeMs: Math.floor(found.mtimeMs),
      ...(lyrics ? { lyricsStamp: `${lyrics.size}:${Math.floor(lyrics.mtimeMs)}` } : {}),
    };
  };
  const flush = async () => {
    const batch = (await inLanes(pending, STATS_IN_FLIGHT, stat)).filter((file): file is DiskFile => file !== undefined);
    pending = [];
    return batch;
  };
  for (const dir of changed) {
    const absoluteDir = dir.path ? path.join(root, ...dir.path.split('/')) : root;
    let listing: Awaited<ReturnType<typeof listDir>>;
    try {
      listing = await listDir(scanFs, absoluteDir);
    } catch (err) {
      if (!dir.path) throw err;
      vanished.push(dir.path);
      continue;
    }
    if (listing.images.length > 0) imagesByDir.set(absoluteDir, listing.images.map((name) => path.join(absoluteDir, name)));
    const stamp: BuildingStamp = { path: dir.path, mtimeMs: dir.mtimeMs, dirs: dir.dirs, files: [], errors: [] };
    building.set(dir.path, stamp);
    for (const name of listing.audio) {
      const sidecar = listing.sidecars.get(name.slice(0, -path.extname(name).length));
      pending.push({
        absolute: path.join(absoluteDir, name),
        relative: joinRelative(dir.path, name),
        name,
        ...(sidecar ? { sidecar: path.join(absoluteDir, sidecar) } : {}),
        stamp,
      });
      if (pending.length >= SCAN_BATCH) yield await flush();
    }
  }
  if (pending.length > 0) yield await flush();
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

/** What a scan knows of the files it may meet: every entry of the folder, or those of its changed directories. */
async function knownEntries(
  data: AppData,
  library: LibraryFolder,
  plan: Awaited<ReturnType<typeof planScan>>,
  readAll: boolean,
  lookupLimit: number,
): Promise<Map<string, KnownFile>> {
  const known = new Map<string, KnownFile>();
  const keep = ({ path: relative, size, mtimeMs, songId, error, lyricsStamp }: LibraryFileEntry) => {
    known.set(relative, { size, mtimeMs, ...(songId ? { songId } : {}), ...(error ? { error } : {}), ...(lyricsStamp ? { lyricsStamp } : {}) });
  };
  // The files the changed and gone directories held, and those they hold now (a scan stopped
  // half-way through a directory wrote entries its old stamp does not list).
  const lookups = new Set<string>();
  if (!readAll) {
    for (const stamp of plan.gone) for (const name of stamp.files) lookups.add(joinRelative(stamp.path, name));
    for (const dir of plan.changed) {
      for (const name of dir.stamp?.files ?? []) lookups.add(joinRelative(dir.path, name));
      for (const name of dir.names ?? []) lookups.add(joinRelative(dir.path, name));
    }
  }
  if (readAll || lookups.size > lookupLimit) {
    await forEachFileEntry(data, library.id, keep);
    return known;
  }
  await inLanes([...lookups], ENGINE_LANES, async (relative) => {
    const entry = await fileEntryById(data, fileEntryId(library.id, relative));
    if (entry) keep(entry);
  });
  return known;
}

/**
 * Brings the catalogue in line with one music folder, streaming. First the directories are walked
 * against their stamps: one `lstat` each, and only those whose mtime moved (or that the watcher
 * saw change) are listed and their files stat'ed; an unchanged directory's files are not looked at
 * (docs/libraries.md, "Directory stamps"). Then the changed directories' files go in batches:
 * their tags are read in the bounded worker pool, and each batch is written with bulk inserts and
 * announced once. Unchanged files (same path, size and mtime) are not read again; a file that
 * disappeared while another with its size and mtime appeared is a move and keeps its song
 * (playlists and likes follow). Songs of deleted files go with the same cascade as an admin's
 * delete. A song an admin deleted is not brought back until its file changes.
 */
export async function scanLibrary(library: LibraryFolder, deps: ScanDeps): Promise<ScanResult> {
  const started = Date.now();
  const scanFs = deps.fs ?? nodeScanFs;
  const full = deps.full === true;
  const stamps = await dirStampsOf(deps.data, library.id);
  let stampedFiles = 0;
  for (const stamp of stamps.values()) stampedFiles += stamp.files.length;
  // Without stamps (a first scan) or on a full rescan, every entry is read at once: one query.
  const readAll = full || stamps.size === 0;
  const lookupLimit = Math.max(LOOKUPS_AT_LEAST, Math.floor(stampedFiles / 10));
  const plan = await planScan(library.root, { scanFs, stamps, dirty: deps.dirty, full, namesUpTo: readAll ? 0 : lookupLimit, signal: deps.signal });
  const known = await knownEntries(deps.data, library, plan, readAll || !plan.namesKept, lookupLimit);
  const unchangedDirs = new Set(plan.unchanged.map((stamp) => stamp.path));
  // A new file may be a known one that moved: only those whose size and mtime match a known song's
  // file wait for the end of the walk, when the files that disappeared are known.
  const movable = new Set<string>();
  for (const [relative, entry] of known) if (entry.songId && !unchangedDirs.has(dirOfRelative(relative))) movable.add(sizeAndTime(entry.size, entry.mtimeMs));
  // A full rescan reads unchanged files again, but leaves deleted the songs an admin deleted.
  let live = full ? await deps.catalogue.songsById() : undefined;

  const result: ScanResult = { files: 0, songs: 0, added: 0, updated: 0, moved: 0, removed: 0, unchanged: 0, errors: [], errorCount: 0, durationMs: 0 };
  const noteError = (relative: string, error: string) => {
    result.errorCount += 1;
    if (result.errors.length < ERRORS_HELD) result.errors.push({ path: relative, error });
  };
  for (const stamp of plan.unchanged) for (const { name, error } of stamp.errors ?? []) noteError(joinRelative(stamp.path, name), error);
  result.files = plan.unchangedFiles;
  result.unchanged = plan.unchangedFiles;
  const progress = { done: plan.unchangedFiles, total: plan.unchangedFiles + plan.changedFiles };
  deps.onProgress?.({ ...progress });
  const imagesByDir = new Map<string, string[]>();
  const building = new Map<string, BuildingStamp>();
  const vanished: string[] = [];
  const stampOf = (relative: string) => building.get(dirOfRelative(relative));
  const stampError = (relative: string, error: string) => stampOf(relative)?.errors.push({ name: relative.slice(relative.lastIndexOf('/') + 1), error });
  const cover = folderCovers(deps.imagesDir, imagesByDir);
  const maybeMoved: DiskFile[] = [];

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
        stampError(file.relative, read.error);
        deps.onUnreadable?.(file.relative, read.error);
        rewritten.push(entryOf(library, file, { ...(previous?.songId ? { songId: previous.songId } : {}), error: read.error }));
      } else {
        const input = songInput(library, file, read, img);
        if (read.lyricsProblem) {
          noteError(file.relative, read.lyricsProblem);
          stampError(file.relative, read.lyricsProblem);
        }
        if (previous?.songId) refreshes.push({ id: previous.songId, file, input, read });
        else fresh.push({ file, input, read });
      }
    }
    if (refreshes.length > 0) {
      const kept = await refreshScannedSongs(deps, refreshes);
      for (const [i, { id, file, input, read }] of refreshes.entries()) {
        if (kept[i]) {
          result.updated += 1;
          await storeScannedLyrics(deps.data, id, read.lyrics);
          rewritten.push(entryOf(library, file, { songId: id, ...lyricsProblem(read) }));
        } else fresh.push({ file, input, read });
      }
    }
    if (fresh.length > 0) {
      const ids = await addSongs(
        deps,
        fresh.map(({ file, input }) => ({ ...input, scanFile: fileEntryId(library.id, file.relative) })),
      );
      for (const [k, { read }] of fresh.entries()) if (read.lyrics) await storeScannedLyrics(deps.data, ids[k]!, read.lyrics);
      rewritten.push(...fresh.map(({ file, read }, k) => entryOf(library, file, { songId: ids[k], ...lyricsProblem(read) })));
      result.added += fresh.length;
    }
    // Files seen for the first time in one bulk insert; known ones rewritten by primary key.
    await insertFileEntries(
      deps.data,
      rewritten.filter((entry) => !known.has(entry.path)),
    );
    await saveFileEntries(
      deps.data,
      rewritten.filter((entry) => known.has(entry.path)),
    );
    progress.done += batch.length;
    deps.onProgress?.({ ...progress });
  };

  // Batch k is written while batch k + 1 is read; no more than that is held. A batch whose reads
  // end after the stop was asked for is dropped whole (the tag reader was stopped under it).
  let writing: Promise<void> = Promise.resolve();
  const pipeline = async (files: DiskFile[]) => {
    const batch = await readBatch(files);
    await writing;
    deps.signal?.throwIfAborted();
    writing = writeBatch(batch);
    writing.catch(() => undefined);
  };
  const stopIfAsked = async () => {
    if (!deps.signal?.aborted) return;
    await writing;
    deps.signal.throwIfAborted();
  };

  for await (const batch of diskBatches(library.root, plan.changed, scanFs, imagesByDir, building, vanished)) {
    await stopIfAsked();
    const toRead: DiskFile[] = [];
    const deferredBefore = maybeMoved.length;
    for (const file of batch) {
      result.files += 1;
      const entry = known.get(file.relative);
      if (entry) entry.seen = true;
      const same = entry && entry.size === file.size && entry.mtimeMs === file.mtimeMs && entry.lyricsStamp === file.lyricsStamp;
      if (same && (!full || (entry.songId !== undefined && !live!.has(entry.songId)))) {
        result.unchanged += 1;
        if (entry.error) {
          noteError(file.relative, entry.error);
          stampError(file.relative, entry.error);
        }
      } else if (!entry && movable.has(sizeAndTime(file.size, file.mtimeMs))) maybeMoved.push(file);
      else toRead.push(file);
    }
    progress.done += batch.length - toRead.length - (maybeMoved.length - deferredBefore);
    if (toRead.length > 0) await pipeline(toRead);
    else deps.onProgress?.({ ...progress });
    // Between two batches the requests waiting on the event loop go first.
    await yieldToRequests();
  }
  await writing;
  deps.signal?.throwIfAborted();

  // Files that disappeared from the directories looked at: the moves among them keep their
  // songs, the rest are removed.
  const goneByKey = new Map<string, string[]>();
  const gone: string[] = [];
  for (const [relative, entry] of known) {
    if (entry.seen || unchangedDirs.has(dirOfRelative(relative))) continue;
    gone.push(relative);
    if (entry.songId) {
      const key = sizeAndTime(entry.size, entry.mtimeMs);
      goneByKey.set(key, [...(goneByKey.get(key) ?? []), relative]);
    }
  }
  const movedFrom = new Set<string>();
  const stillToRead: DiskFile[] = [];
  for (const file of maybeMoved) {
    const from = goneByKey.get(sizeAndTime(file.size, file.mtimeMs))?.find((relative) => !movedFrom.has(relative));
    if (!from) {
      stillToRead.push(file);
      continue;
    }
    movedFrom.add(from);
    const { songId } = known.get(from)!;
    live ??= await deps.catalogue.songsById();
    if (live.has(songId!)) await moveScannedSong(deps, songId!, libraryFileUrl(library, file.relative), fileEntryId(library.id, file.relative));
    await saveFileEntries(deps.data, [entryOf(library, file, { songId })]);
    await deleteFileEntries(deps.data, [fileEntryId(library.id, from)]);
    result.moved += 1;
    progress.done += 1;
  }
  for (let i = 0; i < stillToRead.length; i += SCAN_BATCH) {
    await stopIfAsked();
    await pipeline(stillToRead.slice(i, i + SCAN_BATCH));
  }
  await writing;
  deps.signal?.throwIfAborted();

  const removed = gone.filter((relative) => !movedFrom.has(relative));
  for (const relative of removed) {
    const { songId } = known.get(relative)!;
    if (songId) await deleteSong(deps, songId).catch(() => undefined);
    result.removed += 1;
  }
  await deleteFileEntries(
    deps.data,
    removed.map((relative) => fileEntryId(library.id, relative)),
  );

  // Stamps last, once every file they list is written: a scan stopped before here leaves the
  // old ones, and the next scan lists these directories again.
  const written = [...building.values()].map((stamp) => ({ ...stamp, files: stamp.files.sort(), errors: stamp.errors.sort((a, b) => a.name.localeCompare(b.name)) }));
  await saveDirStamps(deps.data, library.id, written, [...plan.gone.map((stamp) => stamp.path), ...vanished]);

  // The folder's songs are those of the catalogue at its address (an admin may have deleted some).
  const prefix = libraryFileUrl(library, '');
  result.songs = await deps.catalogue.songsUnder(prefix);
  result.errors.sort((a, b) => a.path.localeCompare(b.path));
  result.durationMs = Date.now() - started;
  return result;
}
