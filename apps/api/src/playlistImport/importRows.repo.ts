import type { ImportRow } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { IMPORT_CHUNK_MODEL, IMPORT_HEADER_MODEL } from './importRows.model.js';

const headerModel = (data: AppData) => data.model(IMPORT_HEADER_MODEL);
const chunkModel = (data: AppData) => data.model(IMPORT_CHUNK_MODEL);

/** Rows per stored chunk. */
export const CHUNK_ROWS = 500;

export interface ImportHeader {
  playlistId: string;
  user: string;
  total: number;
  chunks: number;
  lookOnSaavn: boolean;
}

const key = (playlistId: string) => playlistId.toLowerCase();
const chunkId = (playlistId: string, chunk: number) => `${key(playlistId)}:${chunk}`;
const lock = (data: AppData, playlistId: string) => `${data.name}:playlist-import:${key(playlistId)}`;

/** Chunks first, header last: a header always names complete rows. */
export async function saveImportRows(data: AppData, playlistId: string, user: string, rows: readonly ImportRow[], lookOnSaavn = false): Promise<void> {
  const chunks = Math.ceil(rows.length / CHUNK_ROWS);
  await chunkModel(data).insertMany(
    Array.from({ length: chunks }, (_, chunk) => ({ _id: chunkId(playlistId, chunk), rows: JSON.stringify(rows.slice(chunk * CHUNK_ROWS, (chunk + 1) * CHUNK_ROWS)) })),
  );
  await headerModel(data).create({ _id: key(playlistId), user: user.toLowerCase(), total: rows.length, chunks, lookOnSaavn });
}

export async function findImportHeader(data: AppData, playlistId: string): Promise<ImportHeader | null> {
  const doc = await headerModel(data).findById(key(playlistId)).lean();
  return doc ? { playlistId: doc._id, user: doc.user, total: doc.total, chunks: doc.chunks, lookOnSaavn: Boolean(doc.lookOnSaavn) } : null;
}

export async function importRowsOf(data: AppData, header: ImportHeader): Promise<ImportRow[]> {
  const docs = await Promise.all(Array.from({ length: header.chunks }, (_, chunk) => chunkModel(data).findById(chunkId(header.playlistId, chunk)).lean()));
  return docs.flatMap((doc) => (doc?.rows ? (JSON.parse(doc.rows) as ImportRow[]) : []));
}

/**
 * Rewrites rows of one import: `change` gets the rows and returns the ones it changed, which are
 * written back chunk by chunk. The whole change runs under the import's lock.
 */
export async function updateImportRows<T>(
  data: AppData,
  header: ImportHeader,
  change: (rows: ImportRow[]) => Promise<{ changed: ImportRow[]; result: T }>,
): Promise<T> {
  return serialised(lock(data, header.playlistId), async () => {
    const rows = await importRowsOf(data, header);
    const { changed, result } = await change(rows);
    const byChunk = new Map<number, ImportRow[]>();
    for (const row of changed) {
      rows[row.index] = row;
      byChunk.set(Math.floor(row.index / CHUNK_ROWS), []);
    }
    await Promise.all(
      [...byChunk.keys()].map((chunk) =>
        chunkModel(data).updateOne({ _id: chunkId(header.playlistId, chunk) }, { $set: { rows: JSON.stringify(rows.slice(chunk * CHUNK_ROWS, (chunk + 1) * CHUNK_ROWS)) } }),
      ),
    );
    return result;
  });
}

export async function deleteImportRows(data: AppData, playlistId: string): Promise<void> {
  const header = await findImportHeader(data, playlistId);
  await headerModel(data).deleteOne({ _id: key(playlistId) });
  if (header) {
    await chunkModel(data).deleteMany({ _id: { $in: Array.from({ length: header.chunks }, (_, chunk) => chunkId(playlistId, chunk)) } });
  }
}

/** The playlist ids of a user's imports (a scan of the headers: only when the user goes). */
export async function importedPlaylistsOf(data: AppData, userId: string): Promise<string[]> {
  const headers = await headerModel(data).find({ user: userId.toLowerCase() }).select('_id').lean();
  return headers.map((doc) => String(doc._id));
}
