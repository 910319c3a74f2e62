import type { AppData } from '../db/appData.js';
import { PlaylistsRepository } from './playlists.repo.js';
import { UserPlaylistBodies } from './userPlaylistsBody.js';

/**
 * One app's playlists: the repository on its data (with what it keeps: each listener's list,
 * owners, writes in flight) and the user-playlists bodies it made. Made once per app in
 * `createAppContext` and carried in `AppContext.playlists`, so two apps in one process share nothing.
 */
export interface PlaylistStore {
  readonly repo: PlaylistsRepository;
  readonly bodies: UserPlaylistBodies;
}

export function createPlaylistStore(data: AppData): PlaylistStore {
  return { repo: new PlaylistsRepository(data), bodies: new UserPlaylistBodies() };
}
