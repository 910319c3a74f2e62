import fs from 'node:fs/promises';
import path from 'node:path';
import type { SongInput } from '@samaa/shared';
import { songsById } from '../songs/songCatalogue.repo.js';
import { insertSongs, moveScannedSong, refreshScannedSong } from '../songs/songs.repo.js';
import { deleteSong } from '../songs/songs.service.js';
import { storeScannedLyrics } from '../lyrics/lyrics.service.js';
import { tagsFromPath } from './fallbackTags.js';
import { folderCovers } from './folderCovers.js';
import { deleteFileEntries, fileEntriesOf, fileEntryId, insertFileEntries, saveFileEntries, type LibraryFileEntry } from './libraries.repo.js';
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
  errors: { path: string; error: string }[];
  durationMs: number;
}

export interface ScanDeps {
  reader: TagReader;
  imagesDir: string;
  onProgress?(progress: ScanProgress): void;
}

interface DiskFile {
  relative: string;
  absolute: string;
  size: number;
  mtimeMs: number;
  /** Size and mtime of the sidecar .lrc beside it: a changed .lrc is a changed file. */
  lyricsStamp?: string;
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);
const READS_IN_FLIGHT = 8;
const INSERT_BATCH = 200;

/** Audio files under the folder (hidden files and folders and symbolic links skipped), and the images beside them. */
async function walk(root: string): Promise<{ audio: DiskFile[]; imagesByDir: Map<string, string[]> }> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const audio: string[] = [];
  const sidecars = new Map<string, string>();
  const imagesByDir = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const dir = entry.parentPath ?? (entry as unknown as { path: string }).path;
    const absolute = path.join(dir, entry.name);
    const relative = path.relative(root, absolute).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.'))) continue;
    const ext = path.extname(entry.name).toLowerCase();
    if (LIBRARY_AUDIO_EXTENSIONS.has(ext)) audio.push(absolute);
    else if (ext === '.lrc') sidecars.set(absolute.slice(0, -ext.length), absolute);
    else if (IMAGE_EXTENSIONS.has(ext)) imagesByDir.set(dir, [...(imagesByDir.get(dir) ?? []), absolute]);
  }
  const stats = await inBatches(audio, 64, async (absolute) => {
    const stat = await fs.stat(absolute).catch(() => undefined);
    const sidecar = sidecars.get(absolute.slice(0, -path.extname(absolute).length));
    const lyrics = sidecar ? await fs.stat(sidecar).catch(() => undefined) : undefined;
    return (
      stat && {
        relative: path.relative(root, absolute).split(path.sep).join('/'),
        absolute,
        size: stat.size,
        mtimeMs: Math.floor(stat.mtimeMs),
        ...(lyrics ? { lyricsStamp: `${lyrics.size}:${Math.floor(lyrics.mtimeMs)}` } : {}),
      }
    );
  });
  return { audio: stats.filter((file): file is DiskFile => file !== undefined), imagesByDir };
}

async function inBatches<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
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

/**
 * Brings the catalogue in line with one music folder. Unchanged files (same path, size and
 * mtime) are not read again; a file that disappeared while another with its size and mtime
 * appeared is a move and keeps its song (playlists and likes follow). Songs of deleted files go
 * with the same cascade as an admin's delete. A song an admin deleted is not brought back until
 * its file changes.
 */
export async function scanLibrary(library: LibraryFolder, deps: ScanDeps): Promise<ScanResult> {
  const started = Date.now();
  const { audio, imagesByDir } = await walk(library.root);
  const [known, catalogue] = await Promise.all([fileEntriesOf(library.id), songsById()]);
  const knownByPath = new Map(known.map((entry) => [entry.path, entry]));
  const onDisk = new Set(audio.map((file) => file.relative));
  const gone = known.filter((entry) => !onDisk.has(entry.path));
  const result: ScanResult = { files: audio.length, songs: 0, added: 0, updated: 0, moved: 0, removed: 0, unchanged: 0, errors: [], durationMs: 0 };

  const toRead: DiskFile[] = [];
  const moves: { file: DiskFile; from: LibraryFileEntry }[] = [];
  for (const file of audio) {
    const entry = knownByPath.get(file.relative);
    if (entry && entry.size === file.size && entry.mtimeMs === file.mtimeMs && entry.lyricsStamp === file.lyricsStamp) {
      result.unchanged += 1;
      if (entry.error) result.errors.push({ path: entry.path, error: entry.error });
      continue;
    }
    const from = entry ? undefined : gone.find((g) => g.songId && g.size === file.size && g.mtimeMs === file.mtimeMs);
    if (from) {
      gone.splice(gone.indexOf(from), 1);
      moves.push({ file, from });
    } else toRead.push(file);
  }

  for (const { file, from } of moves) {
    if (catalogue.has(from.songId!)) await moveScannedSong(from.songId!, libraryFileUrl(library, file.relative), fileEntryId(library.id, file.relative));
    await saveFileEntries([entryOf(library, file, { songId: from.songId })]);
    await deleteFileEntries([from._id]);
    result.moved += 1;
  }

  const cover = folderCovers(deps.imagesDir, imagesByDir);
  const progress = { done: 0, total: toRead.length };
  deps.onProgress?.({ ...progress });
  const fresh: { file: DiskFile; input: SongInput; read: TagResponse }[] = [];
  const refreshed: LibraryFileEntry[] = [];
  await inBatches(toRead, READS_IN_FLIGHT, async (file) => {
    const read = await deps.reader.read(file.absolute);
    const previous = knownByPath.get(file.relative);
    if (read.error) {
      result.errors.push({ path: file.relative, error: read.error });
      refreshed.push(entryOf(library, file, { ...(previous?.songId ? { songId: previous.songId } : {}), error: read.error }));
    } else {
      const input = songInput(library, file, read, read.coverUrl ?? (await cover(path.dirname(file.absolute))));
      // A sidecar that is not lyrics is reported like an unreadable file; the song still plays.
      const problem = read.lyricsProblem ? { error: read.lyricsProblem } : {};
      if (read.lyricsProblem) result.errors.push({ path: file.relative, error: read.lyricsProblem });
      if (previous?.songId && (await refreshScannedSong(previous.songId, input))) {
        result.updated += 1;
        await storeScannedLyrics(previous.songId, read.lyrics);
        refreshed.push(entryOf(library, file, { songId: previous.songId, ...problem }));
      } else fresh.push({ file, input, read });
    }
    progress.done += 1;
    deps.onProgress?.({ ...progress });
  });

  for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
    const batch = fresh.slice(i, i + INSERT_BATCH);
    const ids = await insertSongs(batch.map(({ file, input }) => ({ ...input, scanFile: fileEntryId(library.id, file.relative) })));
    for (const [k, { read }] of batch.entries()) if (read.lyrics) await storeScannedLyrics(ids[k]!, read.lyrics);
    const entries = batch.map(({ file, read }, k) => entryOf(library, file, { songId: ids[k], ...(read.lyricsProblem ? { error: read.lyricsProblem } : {}) }));
    await insertFileEntries(entries.filter((entry) => !knownByPath.has(entry.path)));
    await saveFileEntries(entries.filter((entry) => knownByPath.has(entry.path)));
    result.added += batch.length;
  }
  await saveFileEntries(refreshed);

  for (const entry of gone) {
    if (entry.songId) await deleteSong(entry.songId).catch(() => undefined);
    result.removed += 1;
  }
  await deleteFileEntries(gone.map((entry) => entry._id));

  const live = await songsById();
  result.songs = (await fileEntriesOf(library.id)).filter((entry) => entry.songId && live.has(entry.songId)).length;
  result.errors.sort((a, b) => a.path.localeCompare(b.path));
  result.durationMs = Date.now() - started;
  return result;
}
