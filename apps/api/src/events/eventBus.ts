import { EventEmitter } from 'node:events';
import type { Logger } from '../logger.js';

type Handler<P> = (payload: P) => unknown;

/**
 * A typed, awaited event bus: `emit` calls every handler side by side and resolves once all of
 * them have settled, so a delete answers after its cleanups. A failing handler is logged with
 * its owner and does not stop the others, nor fail the emit: the record it followed is gone
 * already, so the caller's answer stays true.
 */
export interface EventBus<Events extends object> {
  /** Subscribes `handler`; `owner` names it in the log when it fails. Returns the unsubscribe. */
  on<K extends keyof Events & string>(
    event: K,
    handler: Handler<Events[K]>,
    owner?: string,
  ): () => void;
  emit<K extends keyof Events & string>(event: K, payload: Events[K]): Promise<void>;
  /** How many handlers `event` has (for tests and the start-up log). */
  listenerCount(event: keyof Events & string): number;
}

/** What the emitter holds: the handler, named by its owner. */
type Listener = ((payload: unknown) => unknown) & { owner: string };

// Node's EventEmitter keeps the listener lists (no dependency); its own emit does not await async
// listeners, and emittery's rejects at the first failing one without waiting for the rest.
export function createEventBus<Events extends object>(logger: Logger): EventBus<Events> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    on(event, handler, owner = handler.name || 'anonymous') {
      const listener: Listener = Object.assign(
        (payload: unknown) => handler(payload as Events[typeof event]),
        { owner },
      );
      emitter.on(event, listener);
      return () => void emitter.off(event, listener);
    },
    async emit(event, payload) {
      const listeners = emitter.listeners(event) as Listener[];
      const outcomes = await Promise.allSettled(
        listeners.map(async (listener) => listener(payload)),
      );
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') return;
        const { owner } = listeners[i]!;
        logger.error(
          { err: outcome.reason, event, payload, owner },
          `${event}: the cleanup of ${owner} failed`,
        );
      });
    },
    listenerCount: (event) => emitter.listenerCount(event),
  };
}
