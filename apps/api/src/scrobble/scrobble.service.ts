import { randomUUID } from 'node:crypto';
import {
  SCROBBLE_MESSAGES,
  SCROBBLE_MIN_DURATION_S,
  type ScrobbleConnection,
  type ScrobbleService,
  type ScrobblingStatus,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import type { Logger } from '../logger.js';
import type { KeySealer } from '../apiKeys/keySeal.js';
import type { AppData } from '../db/appData.js';
import { badRequest, conflict, HttpError } from '../http/errors.js';
import type { Catalogue } from '../songs/songs.service.js';
import type { Delivery, ListenInfo } from './delivery.js';
import { createLastfmClient, type LastfmClient } from './lastfm.client.js';
import { stateSigner, type StateSigner } from './lastfmState.js';
import { createListenBrainzClient, type ListenBrainzClient } from './listenbrainz.client.js';
import {
  addPending,
  connectionsOf,
  dropQueue,
  enqueueListen,
  forgetUserScrobbling,
  markNeedsReconnect,
  queueKey,
  queuedListens,
  removeLink,
  saveLink,
  type QueuedListen,
  type StoredLink,
} from './scrobble.repo.js';

/** What the scrobbling use cases need of the app. */
export type ScrobbleDeps = Pick<AppContext, 'scrobbling' | 'catalogue'>;

export const SERVICES: readonly ScrobbleService[] = ['listenbrainz', 'lastfm'];

export interface Scrobbling {
  /** The app's data, where connections and queued listens are kept. */
  data: AppData;
  logger: Logger;
  sealer: KeySealer;
  states: StateSigner;
  listenbrainz: ListenBrainzClient;
  lastfm?: LastfmClient;
  lastfmAuthUrl: string;
  lastfmApiKey?: string;
  callbackUrl: string;
  appUrl: string;
  timeoutMs: number;
  /** Set by the running sender: a listen was queued. */
  wake: () => void;
  /** When each listener's current song started, so a listen reported later is dated from its start. */
  started: Map<string, { songId: string; at: number }>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** An app's scrobbling: its clients, secrets and the songs its listeners started; made once per app context. */
export function createScrobbling({
  config,
  logger,
  jwtSecret,
  data,
  keySealer,
}: Pick<AppContext, 'config' | 'logger' | 'jwtSecret' | 'data' | 'keySealer'>): Scrobbling {
  const { scrobble } = config;
  const { apiKey, secret } = scrobble.lastfm;
  const s: Scrobbling = {
    data,
    logger,
    // The same sealing as app keys; each value is bound to its listener and service.
    sealer: keySealer,
    states: stateSigner(jwtSecret),
    listenbrainz: createListenBrainzClient(scrobble.listenBrainzApiUrl, () => s.timeoutMs),
    lastfm: apiKey && secret ? createLastfmClient(scrobble.lastfm.apiUrl, apiKey, secret, () => s.timeoutMs) : undefined,
    lastfmAuthUrl: scrobble.lastfm.authUrl,
    lastfmApiKey: apiKey,
    callbackUrl: `${config.appUrl}/api/account/lastfm/callback`,
    appUrl: config.appUrl,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    wake: () => {},
    started: new Map(),
  };
  return s;
}

const sealLabel = (userId: string, service: ScrobbleService) => `scrobble:${service}:${userId}`;

/** The secret of a link, or null when it can no longer be opened (the server secret changed). */
export function openLink(s: Scrobbling, userId: string, service: ScrobbleService, link: StoredLink): string | null {
  return s.sealer.open(link.sealed, sealLabel(userId, service))?.key ?? null;
}


// --- connections -------------------------------------------------------------------------------

async function link(s: Scrobbling, userId: string, service: ScrobbleService, secret: string, userName: string): Promise<void> {
  const sealed = s.sealer.seal(secret, sealLabel(userId, service));
  await saveLink(s.data, userId, service, { sealed, userName, connectedAt: new Date(), needsReconnect: false });
  // Listens kept while the connection needed renewing go out now.
  if ((await queuedListens(s.data, queueKey(userId, service))).length > 0) {
    await addPending(s.data, queueKey(userId, service));
    s.wake();
  }
}

export async function scrobblingStatus(s: Scrobbling, userId: string): Promise<ScrobblingStatus> {
  const links = await connectionsOf(s.data, userId);
  const shown = async (service: ScrobbleService): Promise<ScrobbleConnection | null> => {
    const stored = links[service];
    if (!stored) return null;
    const pending = (await queuedListens(s.data, queueKey(userId, service))).length;
    return { userName: stored.userName, connectedAt: stored.connectedAt.toISOString(), needsReconnect: Boolean(stored.needsReconnect), pending };
  };
  const [listenbrainz, lastfmLink] = await Promise.all([shown('listenbrainz'), shown('lastfm')]);
  return { listenbrainz, lastfm: lastfmLink, lastfmConfigured: Boolean(s.lastfm) };
}

/** Checks the token with ListenBrainz, then keeps it (sealed) with the user name it belongs to. */
export async function connectListenBrainz(s: Scrobbling, userId: string, token: string): Promise<string> {
  const checked = await s.listenbrainz.validate(token);
  if ('unavailable' in checked) throw new HttpError(502, SCROBBLE_MESSAGES.listenBrainzUnavailable);
  if (!checked.valid) throw badRequest(SCROBBLE_MESSAGES.listenBrainzInvalidToken);
  await link(s, userId, 'listenbrainz', token, checked.userName);
  return checked.userName;
}

/** Forgets the connection and the listens still waiting for it. */
export async function disconnect(s: Scrobbling, userId: string, service: ScrobbleService): Promise<void> {
  await removeLink(s.data, userId, service);
  await dropQueue(s.data, queueKey(userId, service));
}

/** Where the listener's browser goes to allow Samaa on Last.fm; it comes back to our callback. */
export function lastfmConnectUrl(s: Scrobbling, userId: string): string {
  if (!s.lastfm || !s.lastfmApiKey) throw conflict(SCROBBLE_MESSAGES.lastfmNotConfigured);
  const cb = `${s.callbackUrl}?${new URLSearchParams({ state: s.states.sign(userId) })}`;
  return `${s.lastfmAuthUrl}?${new URLSearchParams({ api_key: s.lastfmApiKey, cb })}`;
}

/**
 * Last.fm's redirect back: the state names the listener (400 when forged or expired), the token
 * becomes a session key. Returns where to send the browser: the Scrobbling page, saying how it went.
 */
export async function completeLastfm(s: Scrobbling, state: string, token: string): Promise<string> {
  const userId = s.states.verify(state);
  if (!userId) throw badRequest(SCROBBLE_MESSAGES.lastfmBadState);
  const page = `${s.appUrl}/account/scrobbling`;
  if (!s.lastfm) return `${page}?lastfm=failed`;
  const session = await s.lastfm.getSession(token);
  if (!session.ok) {
    s.logger.warn({ reason: session.reason }, 'Last.fm did not give a session');
    return `${page}?lastfm=failed`;
  }
  await link(s, userId, 'lastfm', session.sessionKey, session.userName);
  return `${page}?lastfm=connected`;
}

// --- listens -----------------------------------------------------------------------------------

async function listenOf(catalogue: Catalogue, songId: string, player?: string): Promise<Omit<ListenInfo, 'listenedAt'> | null> {
  const song = await catalogue.songById(songId);
  if (!song) return null;
  return {
    artist: song.artist,
    track: song.name,
    album: song.album,
    durationMs: song.duration ? Math.round(song.duration * 1000) : undefined,
    player,
  };
}

const tooShort = (info: Omit<ListenInfo, 'listenedAt'>) => info.durationMs !== undefined && info.durationMs < SCROBBLE_MIN_DURATION_S * 1000;

function usable(s: Scrobbling, userId: string, service: ScrobbleService, stored: StoredLink | undefined): string | null {
  if (!stored || stored.needsReconnect) return null;
  if (service === 'lastfm' && !s.lastfm) return null;
  return openLink(s, userId, service, stored);
}

/** Best effort and never queued: tells each connected service what the listener just started. */
export async function scrobbleNowPlaying({ scrobbling: s, catalogue }: ScrobbleDeps, userId: string, songId: string, player?: string): Promise<void> {
  s.started.set(userId, { songId: songId.toLowerCase(), at: Date.now() });
  const links = await connectionsOf(s.data, userId);
  if (!SERVICES.some((service) => links[service])) return;
  const info = await listenOf(catalogue, songId, player);
  if (!info || tooShort(info)) return;
  await Promise.all(
    SERVICES.map(async (service) => {
      const secret = usable(s, userId, service, links[service]);
      if (!secret) return;
      const outcome: Delivery = service === 'listenbrainz' ? await s.listenbrainz.playingNow(secret, info) : await s.lastfm!.updateNowPlaying(secret, info);
      if (outcome.kind === 'unauthorised') await markNeedsReconnect(s.data, userId, service, links[service]!.sealed);
      else if (outcome.kind !== 'accepted') s.logger.info({ service, reason: outcome.reason }, 'now playing not sent');
    }),
  );
}

/**
 * Queues a listen for each connected service (the sender delivers it). `at`: when the listen
 * happened, if the player said; else when the song was announced as started, else now.
 */
export async function scrobbleListen({ scrobbling: s, catalogue }: ScrobbleDeps, userId: string, songId: string, options: { at?: Date; player?: string } = {}): Promise<void> {
  const links = await connectionsOf(s.data, userId);
  const services = SERVICES.filter((service) => links[service]);
  if (services.length === 0) return;
  const info = await listenOf(catalogue, songId, options.player);
  if (!info || tooShort(info)) return;
  const start = s.started.get(userId);
  const recent = start && start.songId === songId.toLowerCase() && Date.now() - start.at <= (info.durationMs ?? 0) + 10 * 60_000;
  const at = options.at?.getTime() ?? (recent ? start.at : Date.now());
  if (recent && !options.at) s.started.delete(userId);
  const listen: QueuedListen = { id: randomUUID(), ...info, listenedAt: Math.floor(at / 1000) };
  for (const service of services) await enqueueListen(s.data, queueKey(userId, service), listen);
  s.wake();
}

/** A deleted user's connections and queued listens. */
export async function forgetUser(data: AppData, userId: string): Promise<void> {
  await forgetUserScrobbling(data, userId);
}
