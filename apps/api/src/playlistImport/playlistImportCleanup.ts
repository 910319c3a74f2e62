import { discardPlaylist } from '../playlists/playlists.service.js';
import { deleteImportRows } from './importRows.repo.js';

/** Removes an import's playlist and its rows (a failed import, or a deleted playlist). */
export async function deletePlaylistWithImport(playlistId: string, userId: string): Promise<void> {
  await deleteImportRows(playlistId);
  await discardPlaylist(playlistId, userId);
}
