import { discardPlaylist, type PlaylistStoreDeps } from '../playlists/playlists.service.js';
import type { Stores } from '../context.js';
import { deleteImportRows } from './importRows.repo.js';

/** Removes an import's playlist and its rows (a failed import, or a deleted playlist). */
export async function deletePlaylistWithImport(deps: PlaylistStoreDeps & Pick<Stores, 'data'>, playlistId: string, userId: string): Promise<void> {
  await deleteImportRows(deps.data, playlistId);
  await discardPlaylist(deps, playlistId, userId);
}
