import type { ScrobbleService } from '@samaa/shared';
import type { AppContext } from '../context.js';
import type { Delivery } from './delivery.js';
import { LASTFM_BATCH } from './lastfm.client.js';
import { connectionsOf, dropQueue, markNeedsReconnect, pendingKeys, queuedListens, removeListens, removePending } from './scrobble.repo.js';
import { openLink } from './scrobble.service.js';

/*
 * Delivers the queued listens. Every `pollMs`, and at once when a listen is queued, it reads the
 * pending list and sends each due queue's oldest listens (up to 50) to its service. A listen
 * leaves its queue only once the service accepted it; a failure leaves it there:
 * - down, a timeout, a 5xx or a 429: tried again after a backoff that doubles per failure (up to
 *   `maxBackoffMs`), or after the Retry-After the service gave;
 * - a refused token or session: the connection is marked as needing renewal and its listens wait
 *   for the listener to connect again;
 * - refused for good (malformed): dropped, with a warning.
 * A crash between "accepted" and the removal sends that batch again on the next start, with the
 * same listened_at timestamps: both services keep one listen per user, track and timestamp.
 */

export interface SenderOptions {
  pollMs?: number;
  timeoutMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Queues delivered side by side. */
  concurrency?: number;
}

export interface ScrobbleSender {
  /** Looks for work now (also called when a listen is queued). */
  wake(): void;
  /** Stops looking for work; resolves once a delivery under way has finished. */
  stop(): Promise<void>;
}

const LISTENBRAINZ_BATCH = 100;

export function startScrobbleSender(ctx: AppContext, options: SenderOptions = {}): ScrobbleSender {
  const pollMs = options.pollMs ?? 5_000;
  const baseBackoffMs = options.baseBackoffMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30 * 60_000;
  const concurrency = options.concurrency ?? 4;
  const s = ctx.scrobbling;
  if (options.timeoutMs !== undefined) s.timeoutMs = options.timeoutMs;
  const logger = s.logger;
  const backoff = new Map<string, { failures: number; until: number }>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function send(service: ScrobbleService, secret: string, key: string): Promise<{ outcome: Delivery; ids: string[] } | null> {
    const listens = await queuedListens(ctx.data, key);
    if (listens.length === 0) {
      await removePending(ctx.data, key, true);
      return null;
    }
    if (service === 'listenbrainz') {
      const batch = listens.slice(0, LISTENBRAINZ_BATCH);
      return { outcome: await s.listenbrainz.submit(secret, batch), ids: batch.map((l) => l.id) };
    }
    const client = s.lastfm;
    if (!client) return { outcome: { kind: 'retry', reason: 'Last.fm is not configured' }, ids: [] };
    const batch = listens.slice(0, LASTFM_BATCH);
    return { outcome: await client.scrobble(secret, batch), ids: batch.map((l) => l.id) };
  }

  async function deliver(key: string): Promise<void> {
    const [userId, service] = key.split(':') as [string, ScrobbleService];
    const link = (await connectionsOf(ctx.data, userId))[service];
    if (!link) return dropQueue(ctx.data, key);
    if (link.needsReconnect) return removePending(ctx.data, key, false);
    const secret = openLink(s, userId, service, link);
    if (!secret) {
      await markNeedsReconnect(ctx.data, userId, service, link.sealed);
      return removePending(ctx.data, key, false);
    }
    const sent = await send(service, secret, key);
    if (!sent) return;
    const { outcome, ids } = sent;
    switch (outcome.kind) {
      case 'accepted':
      case 'rejected': {
        if (outcome.kind === 'rejected') logger.warn({ service, reason: outcome.reason, dropped: ids.length }, 'scrobbles refused for good');
        if (backoff.has(key)) logger.info({ service }, 'scrobbling resumed');
        backoff.delete(key);
        const left = await removeListens(ctx.data, key, ids);
        if (left > 0) again = true;
        return;
      }
      case 'unauthorised':
        logger.info({ service, reason: outcome.reason }, 'scrobble connection needs renewing');
        backoff.delete(key);
        await markNeedsReconnect(ctx.data, userId, service, link.sealed);
        return removePending(ctx.data, key, false);
      case 'retry': {
        const failures = (backoff.get(key)?.failures ?? 0) + 1;
        const wait = outcome.afterMs ?? Math.min(maxBackoffMs, baseBackoffMs * 2 ** (failures - 1));
        backoff.set(key, { failures, until: Date.now() + wait });
        if (failures === 1) logger.warn({ service, reason: outcome.reason }, 'scrobble service unavailable, will retry');
        return;
      }
    }
  }

  async function round(): Promise<void> {
    const now = Date.now();
    const due = (await pendingKeys(ctx.data)).filter((key) => (backoff.get(key)?.until ?? 0) <= now);
    for (let i = 0; i < due.length && !stopped; i += concurrency) {
      await Promise.all(
        due.slice(i, i + concurrency).map((key) => deliver(key).catch((err: unknown) => logger.warn({ err: String(err) }, 'scrobble delivery failed'))),
      );
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err: unknown) => logger.warn({ err: String(err) }, 'scrobble round failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  const timer = setInterval(wake, pollMs);
  timer.unref();
  s.wake = wake;
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      s.wake = () => {};
      while (running) await running;
    },
  };
}
