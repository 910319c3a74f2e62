import { isDuplicateKey } from '../db/dataErrors.js';
import type { AppData } from '../db/appData.js';
import { LIBRARY_DIR_MODEL, LIBRARY_FILE_MODEL, LIBRARY_LEASE_MODEL, LIBRARY_STATUS_MODEL } from './libraryFile.model.js';

const fileModel = (data: AppData) => data.model(LIBRARY_FILE_MODEL);
const dirModel = (data: AppData) => data.model(LIBRARY_DIR_MODEL);
const statusModel = (data: AppData) => data.model(LIBRARY_STATUS_MODEL);
const leaseModel = (data: AppData) => data.model(LIBRARY_LEASE_MODEL);

export interface LibraryFileEntry {
  _id: string;
  library: string;
  path: string;
  size: number;
  mtimeMs: number;
  songId?: string;
  error?: string;
  /** Size and mtime of the sidecar .lrc when there is one. */
  lyricsStamp?: string;
}

export interface LibraryScanSummary {
  lastScanAt?: Date;
  durationMs?: number;
  files?: number;
  songs?: number;
  errorCount?: number;
  errorList?: { path: string; error: string }[];
}

export const fileEntryId = (library: string, relative: string) => `${library}:${relative}`;

/** Every entry of one folder (one scan of the entries collection). */
export async function fileEntriesOf(data: AppData, library: string): Promise<LibraryFileEntry[]> {
  return fileModel(data).find({ library }).lean<LibraryFileEntry[]>();
}

/** Each entry of one folder, read with a cursor: a rescan keeps a compact form, not the documents. */
export async function forEachFileEntry(data: AppData, library: string, visit: (entry: LibraryFileEntry) => void): Promise<void> {
  const cursor = fileModel(data).find({ library }).lean<LibraryFileEntry>().cursor({ batchSize: 1000 });
  for await (const entry of cursor) visit(entry as LibraryFileEntry);
}

/** One entry by its primary key (a rescan reads only the entries of directories that changed). */
export async function fileEntryById(data: AppData, id: string): Promise<LibraryFileEntry | null> {
  return fileModel(data).findById(id).lean<LibraryFileEntry>();
}

/** What a scan keeps of a directory, to skip it next time while its mtime stays the same. */
export interface DirStampEntry {
  /** Relative to the music folder, `/`-separated; '' for the folder itself. */
  path: string;
  mtimeMs: number;
  files: string[];
  dirs: string[];
  errors?: { name: string; error: string }[];
}

const dirStampId = (library: string, relative: string) => `${library}:${relative}`;
const packed = (names: readonly string[]) => names.join('\n');
const unpacked = (names: string | undefined) => (names ? names.split('\n') : []);

/** Every directory stamp of one folder: one query of the stamps (one document per directory). */
export async function dirStampsOf(data: AppData, library: string): Promise<Map<string, DirStampEntry>> {
  const rows = await dirModel(data).find({ library }).lean();
  const prefix = dirStampId(library, '').length;
  return new Map(
    rows.map((row) => {
      const path = row._id.slice(prefix);
      const errors = row.unreadable ? (JSON.parse(row.unreadable) as [string, string][]).map(([name, error]) => ({ name, error })) : undefined;
      return [path, { path, mtimeMs: row.mtimeMs, files: unpacked(row.files), dirs: unpacked(row.dirs), ...(errors?.length ? { errors } : {}) }];
    }),
  );
}

/** Writes stamps (by primary key, in bulk) and deletes those of directories that are gone. */
export async function saveDirStamps(data: AppData, library: string, stamps: readonly DirStampEntry[], gone: readonly string[]): Promise<void> {
  // Small commands: the embedded engine never answered one bulk update of 150 existing documents
  // (100 went through), so each command stays well below that.
  const CHUNK = 50;
  for (let i = 0; i < stamps.length; i += CHUNK) {
    await dirModel(data).bulkWrite(
      stamps
        .slice(i, i + CHUNK)
        .map(({ path, mtimeMs, files, dirs, errors }) => ({
          updateOne: {
            filter: { _id: dirStampId(library, path) },
            update: errors?.length
              ? { $set: { library, mtimeMs, files: packed(files), dirs: packed(dirs), unreadable: JSON.stringify(errors.map(({ name, error }) => [name, error])) } }
              : { $set: { library, mtimeMs, files: packed(files), dirs: packed(dirs) }, $unset: { unreadable: 1 } },
            upsert: true,
          },
        })),
      { ordered: false },
    );
  }
  for (let i = 0; i < gone.length; i += CHUNK) {
    await dirModel(data).bulkWrite(
      gone.slice(i, i + CHUNK).map((path) => ({ deleteOne: { filter: { _id: dirStampId(library, path) } } })),
      { ordered: false },
    );
  }
}

/** Entries of files seen for the first time. */
export async function insertFileEntries(data: AppData, entries: readonly LibraryFileEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await fileModel(data).insertMany(entries, { ordered: false });
}

/**
 * Rewrites entries (changed, moved or unreadable files). As an upserting `$set` by `_id`: on the
 * embedded engine that is a primary-key write, where a replace or a plain update scans the
 * collection (docs/performance.md, "Figures behind the code").
 */
export async function saveFileEntries(data: AppData, entries: readonly LibraryFileEntry[]): Promise<void> {
  for (const { _id, songId, error, lyricsStamp, ...fields } of entries) {
    const unset = { ...(songId === undefined ? { songId: 1 } : {}), ...(error === undefined ? { error: 1 } : {}), ...(lyricsStamp === undefined ? { lyricsStamp: 1 } : {}) };
    await fileModel(data).updateOne(
      { _id },
      {
        $set: { ...fields, ...(songId !== undefined ? { songId } : {}), ...(error !== undefined ? { error } : {}), ...(lyricsStamp !== undefined ? { lyricsStamp } : {}) },
        ...(Object.keys(unset).length ? { $unset: unset } : {}),
      },
      { upsert: true },
    );
  }
}

/** Deletes entries by primary key, a few at a time: a folder that went takes its entries in bounded steps. */
export async function deleteFileEntries(data: AppData, ids: readonly string[]): Promise<void> {
  const LANES = 8;
  for (let i = 0; i < ids.length; i += LANES) await Promise.all(ids.slice(i, i + LANES).map((_id) => fileModel(data).deleteOne({ _id })));
}

export async function fileErrorsOf(data: AppData, library: string, limit: number): Promise<{ path: string; error: string }[]> {
  const rows = await fileModel(data)
    .find({ library, error: { $exists: true } })
    .select('path error')
    .lean();
  return rows
    .map((row) => ({ path: row.path, error: row.error ?? '' }))
    .sort((a, b) => a.path.localeCompare(b.path))
    .slice(0, limit);
}

export async function saveScanSummary(data: AppData, library: string, summary: LibraryScanSummary): Promise<void> {
  await statusModel(data).replaceOne({ _id: library }, { _id: library, ...summary }, { upsert: true });
}

export async function scanSummaryOf(data: AppData, library: string): Promise<LibraryScanSummary | null> {
  return statusModel(data).findById(library).lean<LibraryScanSummary>();
}

/**
 * Takes the folder's scan lease for `ms`, when no other process holds a live one. Inserts and
 * deletes by primary key only: the one write every engine applies atomically.
 */
export async function takeScanLease(data: AppData, library: string, owner: string, ms: number): Promise<boolean> {
  const _id = `scan:${library}`;
  const until = new Date(Date.now() + ms);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await leaseModel(data).create({ _id, owner, until });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const held = await leaseModel(data).findById(_id).lean();
      if (held && held.owner !== owner && held.until.getTime() > Date.now()) return false;
      if (held) await leaseModel(data).deleteOne({ _id, owner: held.owner, until: held.until });
    }
  }
  return false;
}

export async function renewScanLease(data: AppData, library: string, owner: string, ms: number): Promise<void> {
  await leaseModel(data).updateOne({ _id: `scan:${library}`, owner }, { $set: { until: new Date(Date.now() + ms) } });
}

export async function releaseScanLease(data: AppData, library: string, owner: string): Promise<void> {
  await leaseModel(data).deleteOne({ _id: `scan:${library}`, owner });
}
