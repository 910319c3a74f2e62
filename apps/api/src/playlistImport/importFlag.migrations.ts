import { markPlaylistsImported } from '../playlists/playlists.service.js';
import { ImportHeaderModel } from './importRows.model.js';

/**
 * Migration: marks imported every playlist that has an import review (data from builds before
 * playlists carried the mark), so hand-made ones offer no "Review import". Returns how many.
 */
export async function flagImportedPlaylists(): Promise<number> {
  const headers = await ImportHeaderModel.find().select('_id').lean();
  return markPlaylistsImported(headers.map(({ _id }) => String(_id)));
}
