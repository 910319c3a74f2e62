import mongoose, { Schema } from 'mongoose';

/**
 * An import's rows, kept so the review page works after a reload: one header per playlist
 * (`_id` = playlist id) and the rows in chunks (`_id` = `{playlist id}:{chunk}`), so every read is
 * a primary-key read and resolving one row rewrites one chunk, not 10,000 rows.
 */
const importHeaderSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: String, required: true },
    total: { type: Number, required: true },
    chunks: { type: Number, required: true },
  },
  { versionKey: false, timestamps: true },
);

const importChunkSchema = new Schema(
  {
    _id: { type: String, required: true },
    rows: { type: [Schema.Types.Mixed], default: [] },
  },
  { versionKey: false },
);

export const ImportHeaderModel = mongoose.model('PlaylistImport', importHeaderSchema, 'playlist_imports');
export const ImportChunkModel = mongoose.model('PlaylistImportChunk', importChunkSchema, 'playlist_import_rows');
