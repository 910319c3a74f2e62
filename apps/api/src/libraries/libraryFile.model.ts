import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * One entry per audio file seen in a music folder, `_id` = `{library}:{relative path}`: what the
 * scanner knew of it (size and mtime, to skip unchanged files), its song, or why it could not be
 * read. Only the process holding the folder's scan lease writes them.
 */
const libraryFileSchema = new Schema(
  {
    _id: { type: String, required: true },
    library: { type: String, required: true },
    path: { type: String, required: true },
    size: { type: Number, required: true },
    mtimeMs: { type: Number, required: true },
    songId: { type: String },
    error: { type: String },
    lyricsStamp: { type: String },
  },
  { versionKey: false },
);
libraryFileSchema.index({ library: 1 });

export const LIBRARY_FILE_MODEL = defineModel('LibraryFile', libraryFileSchema, 'library_files');

/**
 * One stamp per directory of a music folder, `_id` = `{library}:{relative path}` (`{library}:`
 * for the folder itself): its mtime when last listed, its audio file names and subdirectories, and
 * its files that could not be read. A rescan reads a folder's stamps in one query (one document
 * per directory, about a hundredth of its files) and skips a directory whose mtime has not moved
 * without statting its files (docs/libraries.md, "Directory stamps").
 */
const libraryDirSchema = new Schema(
  {
    _id: { type: String, required: true },
    library: { type: String, required: true },
    /** 0 when the mtime was too recent to trust: the next scan lists the directory again. */
    mtimeMs: { type: Number, required: true },
    /** Names packed one per line: one string per directory, not one per file. */
    files: { type: String, default: '' },
    dirs: { type: String, default: '' },
    /** Its files that could not be read, as JSON `[name, reason][]`, when there are any. */
    unreadable: { type: String },
  },
  { versionKey: false },
);
libraryDirSchema.index({ library: 1 });

export const LIBRARY_DIR_MODEL = defineModel('LibraryDir', libraryDirSchema, 'library_dirs');

/** The last finished scan of each folder, and the lease that lets one process scan it at a time. */
const libraryStatusSchema = new Schema(
  {
    _id: { type: String, required: true },
    lastScanAt: { type: Date },
    durationMs: { type: Number },
    files: { type: Number },
    songs: { type: Number },
    errorCount: { type: Number },
    /** The first files that could not be read, with why. */
    errorList: { type: [{ path: String, error: String, _id: false }], default: [] },
  },
  { versionKey: false },
);

export const LIBRARY_STATUS_MODEL = defineModel('LibraryStatus', libraryStatusSchema, 'library_status');

const leaseSchema = new Schema(
  { _id: { type: String, required: true }, owner: { type: String, required: true }, until: { type: Date, required: true } },
  { versionKey: false },
);

export const LIBRARY_LEASE_MODEL = defineModel('LibraryLease', leaseSchema, 'library_leases');
