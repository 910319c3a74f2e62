import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * An import's rows, kept so the review page works after a reload: one header per playlist
 * (`_id` = playlist id) and the rows in chunks (`_id` = `{playlist id}:{chunk}`), so every read is
 * a primary-key read and resolving one row rewrites one chunk, not 10,000 rows. Rows are only
 * ever read by playlist, never filtered on, so they are kept as text.
 */
const importHeaderSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: String, required: true },
    total: { type: Number, required: true },
    chunks: { type: Number, required: true },
    /** The listener chose to look on JioSaavn too: "Match again" does as well. */
    lookOnSaavn: { type: Boolean, default: false },
  },
  { versionKey: false, timestamps: true },
);

const importChunkSchema = new Schema(
  {
    _id: { type: String, required: true },
    /**
     * The chunk's rows as JSON text: the embedded engine converts a nested document field by
     * field, which made 10,000 rows take over a minute to write; one string is stored as it is.
     */
    rows: { type: String, required: true },
  },
  { versionKey: false },
);

export const IMPORT_HEADER_MODEL = defineModel('PlaylistImport', importHeaderSchema, 'playlist_imports');
export const IMPORT_CHUNK_MODEL = defineModel('PlaylistImportChunk', importChunkSchema, 'playlist_import_rows');
