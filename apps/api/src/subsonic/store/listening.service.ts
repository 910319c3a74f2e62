import { deleteListeningOf } from './listening.repo.js';

/** When a user goes: the play queue and bookmarks their Subsonic clients saved. */
export function forgetUser(userId: string): Promise<unknown> {
  return deleteListeningOf(userId);
}
