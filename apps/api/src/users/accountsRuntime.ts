/**
 * What an app keeps of its accounts besides their data, made once per app at composition (so two
 * apps in one process share none of it): who follows changes of its users, and when its expired
 * verification links were last swept.
 */
export interface AccountsRuntime {
  /** Follows changes of users made by this app (redis/announcements.ts tells the other processes); returns the unsubscribe. */
  onUserChanged(listener: (id: string) => void): () => void;
  /** A write of this app changed or deleted the user. */
  userChanged(id: string): void;
  /** True, and the sweep is noted, when the last one is at least `intervalMs` old (or in the future: a test's clock moved back). */
  sweepDue(now: number, intervalMs: number): boolean;
}

export function createAccountsRuntime(): AccountsRuntime {
  const listeners = new Set<(id: string) => void>();
  let lastSweep = 0;
  return {
    onUserChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    userChanged(id) {
      for (const listener of listeners) listener(id.toLowerCase());
    },
    sweepDue(now, intervalMs) {
      if (now - lastSweep < intervalMs && now >= lastSweep) return false;
      lastSweep = now;
      return true;
    },
  };
}
