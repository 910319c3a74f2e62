import type { AppContext } from '../context.js';
import { forgetUserIdentity } from '../users/accounts.service.js';
import type { RedisLink } from './redisLink.js';

/**
 * Tells the other API processes, over Redis pub/sub, what this one changed: any song (they drop
 * their catalogue snapshot at once instead of at their next version check) and a user (they drop
 * that user's identity at once instead of within its 3 s bound). Returns the unsubscribe.
 */
export function shareChanges(
  link: RedisLink,
  processId: string,
  { catalogue, accounts, data }: Pick<AppContext, 'catalogue' | 'accounts' | 'data'>,
): () => void {
  const stopCatalogue = catalogue.onChange(() => link.publish('catalogue', processId));
  const stopUsers = accounts.onUserChanged((id) => link.publish('users', `${processId} ${id}`));
  link.subscribe('catalogue', (from) => {
    if (from !== processId) catalogue.forget();
  });
  link.subscribe('users', (message) => {
    const [from, id] = message.split(' ');
    if (from !== processId && id) forgetUserIdentity(data, id);
  });
  return () => {
    stopCatalogue();
    stopUsers();
  };
}
