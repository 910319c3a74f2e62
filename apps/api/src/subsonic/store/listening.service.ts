import type { AppData } from '../../db/appData.js';
import { deleteBookmarksOf } from './listening.repo.js';

/** When a user goes: the bookmarks their Subsonic clients saved (the play queue is playQueue's). */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return deleteBookmarksOf(data, userId);
}
