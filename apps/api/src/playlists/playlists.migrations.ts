import type { AppData } from '../db/appData.js';
import { createPlaylistStore } from './playlistStore.js';

/**
 * Migration: lists every playlist that no user list holds (data from builds before the lists
 * existed). Returns how many it listed. It runs before the app reads anything, on a store of its own.
 */
export function listUnlistedPlaylists(data: AppData): Promise<number> {
  return createPlaylistStore(data).repo.listUnlistedPlaylists();
}
