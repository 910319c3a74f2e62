import { markPlaylistsImported } from '../playlists/playlists.service.js';
import type { AppData } from '../db/appData.js';
import { IMPORT_HEADER_MODEL } from './importRows.model.js';

/**
 * Migration: marks imported every playlist that has an import review (data from builds before
 * playlists carried the mark), so hand-made ones offer no "Review import". Returns how many.
 */
export async function flagImportedPlaylists(data: AppData): Promise<number> {
  const headers = await data.model(IMPORT_HEADER_MODEL).find().select('_id').lean();
  return markPlaylistsImported(data, headers.map(({ _id }) => String(_id)));
}
