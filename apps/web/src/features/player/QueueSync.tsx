import { useEffect } from 'react';
import { getStoredUser, hasUserToken } from '../../session/session';
import { fetchPlayQueue, savePlayQueue, sendPlayQueueOnExit } from './api';
import { startQueueSync } from './queueSync';
import { usePlayerEngine } from './usePlayer';

/** Mounted once under the listener's player: keeps the queue on the server (queueSync.ts). */
export function QueueSync() {
  const engine = usePlayerEngine();
  useEffect(() => {
    // Signed out, the queue is nobody's to keep.
    if (!hasUserToken()) return;
    return startQueueSync(engine, {
      owner: getStoredUser()?._id ?? null,
      fetchQueue: fetchPlayQueue,
      saveQueue: savePlayQueue,
      sendOnExit: sendPlayQueueOnExit,
      signedIn: hasUserToken,
    });
  }, [engine]);
  return null;
}
