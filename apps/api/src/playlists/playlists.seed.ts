import type { NewPlaylist } from './playlists.repo.js';
import type { PlaylistStore } from './playlistStore.js';

/*
 * Bulk fills and empties for the seed (cli/seed.ts), the benchmark's set-up and tests: no request
 * reaches them. They go through the app's store so that what it keeps follows.
 */

/** Bulk insert; lists each playlist for its user. Ids in input order. */
export function insertPlaylists(store: PlaylistStore, playlists: readonly NewPlaylist[]): Promise<string[]> {
  return store.repo.insertPlaylists(playlists);
}

/** Empties every playlist and every listener's list (seed --reset). */
export function deleteAllPlaylists(store: PlaylistStore): Promise<void> {
  return store.repo.deleteAllPlaylists();
}
