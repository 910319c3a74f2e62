import type { Catalogue } from '../songs/songs.service.js';
import { forgetUserIdentity, onUserChanged } from '../users/accounts.service.js';
import type { RedisLink } from './redisLink.js';

/**
 * Tells the other API processes, over Redis pub/sub, what this one changed: any song (they drop
 * their catalogue snapshot at once instead of at their next version check) and a user (they drop
 * that user's identity at once instead of within its 3 s bound). Returns the unsubscribe.
 */
export function shareChanges(link: RedisLink, processId: string, catalogue: Catalogue): () => void {
  const stopCatalogue = catalogue.onChange(() => link.publish('catalogue', processId));
  const stopUsers = onUserChanged((id) => link.publish('users', `${processId} ${id}`));
  link.subscribe('catalogue', (from) => {
    if (from !== processId) catalogue.forget();
  });
  link.subscribe('users', (message) => {
    const [from, id] = message.split(' ');
    if (from !== processId && id) forgetUserIdentity(id);
  });
  return () => {
    stopCatalogue();
    stopUsers();
  };
}
