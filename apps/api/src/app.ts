import type { RequestListener } from 'node:http';
import express from 'express';
import cors from 'cors';
import helmet from 'helmet';
import type { AppContext } from './context.js';
import { accessLog, requestLog } from './http/accessLog.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { createLimiters } from './http/rateLimit.js';
import { rejectOversizedJson } from './http/bodyLimit.js';
import { jsonErrorBodies } from './http/jsonErrorBodies.js';
import { healthRouter } from './health/health.routes.js';
import { usersRouter } from './users/users.routes.js';
import { authRouter } from './auth/auth.routes.js';
import { passwordRouter } from './users/password.routes.js';
import { apiKeysRouter } from './apiKeys/apiKeys.routes.js';
import { scrobbleRouter } from './scrobble/scrobble.routes.js';
import { likesRouter } from './likes/likes.routes.js';
import { playQueueRouter } from './playQueue/playQueue.routes.js';
import { songsRouter } from './songs/songs.routes.js';
import { browseRouter } from './browse/browse.routes.js';
import { lyricsRouter } from './lyrics/lyrics.routes.js';
import { searchRouter } from './search/search.routes.js';
import { playlistsRouter } from './playlists/playlists.routes.js';
import { playlistImportRouter } from './playlistImport/playlistImport.routes.js';
import { analyticsRouter } from './analytics/analytics.routes.js';
import { playsRouter } from './analytics/plays.routes.js';
import { librariesRouter } from './libraries/libraries.routes.js';
import { publicConfigRouter } from './config/public.routes.js';
import { lazyRouter } from './http/lazyRouter.js';
import { mediaRouter } from './media/media.routes.js';
import { mintStillValid } from './shares/publicShares.service.js';
import { mediaSessionRouter } from './media/mediaSession.routes.js';
import { resolveWebDist, spaRouter } from './web/static.js';
import { createLoginThrottle } from './auth/loginThrottle.js';
import { subsonicRouter } from './subsonic/subsonic.routes.js';
import { sharesRouter } from './shares/shares.routes.js';
import { publicSharesRouter } from './shares/publicShares.routes.js';
import { searchFastPath } from './search/searchFastPath.js';
import { createRequestListener, type FastPath } from './http/requestListener.js';
import { headersSetBy } from './http/headersSetBy.js';
import { boundedCompression } from './http/compression.js';

/** Request URLs as logged: verification tokens and OAuth values never reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/verify\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](token|access_token|code|refresh_token|p|apiKey|t|s)=)[^&]*/g, '$1[redacted]');
}

export const JSON_BODY_LIMIT = '100kb';
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Where Firebase Storage uploads go and its download URLs live (the web's optional uploader). */
export const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/**
 * CSP for the SPA: scripts only from our own origin; images and audio from our /media, any https
 * host (JioSaavn CDNs, Firebase download URLs, Spotify covers, URLs admins paste) and blob:;
 * XHR/fetch only to ourselves, the configured Spotify origins and Firebase Storage.
 */
export function contentSecurityPolicy(ctx: AppContext) {
  const origin = (url: string) => new URL(url).origin;
  const spotify = [origin(ctx.config.spotify.apiUrl), origin(ctx.config.spotify.accountsUrl)];
  // 'https:' already covers the real services; a self-hosted JioSaavn API or a local fake on plain
  // http serves its images and audio from its own origin, which is then allowed explicitly.
  const plainHttp = (url: string) => (url.startsWith('http:') ? [origin(url)] : []);
  const thirdPartyMedia = [...plainHttp(ctx.config.saavnApiUrl), ...plainHttp(ctx.config.spotify.apiUrl)];
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...thirdPartyMedia],
      'media-src': ["'self'", 'blob:', 'https:', ...thirdPartyMedia],
      'connect-src': ["'self'", ...new Set([...spotify, FIREBASE_STORAGE_ORIGIN])],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      // Self-hosted installs often run on plain http; do not force https sub-resources.
      'upgrade-insecure-requests': null,
    },
  };
}

const securityHeadersOf = (ctx: AppContext) =>
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(ctx),
    crossOriginEmbedderPolicy: false,
    // The SPA may live on another allowed origin of the same site (e.g. the Vite dev server).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

const corsHeadersOf = (ctx: AppContext) =>
  cors({
    origin: (requestOrigin, cb) => cb(null, !requestOrigin || ctx.config.corsOrigins.includes(requestOrigin)),
    credentials: false,
    maxAge: 600,
    exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Metadata'],
  });

/**
 * The requests answered before Express (http/requestListener.ts): the commonest search. It sends
 * the headers the app's helmet and CORS send, and the app's ETags and access-log lines.
 */
export function appFastPaths(ctx: AppContext, app: express.Express): FastPath[] {
  const headers = headersSetBy([securityHeadersOf(ctx), corsHeadersOf(ctx)]);
  const search = searchFastPath(ctx, headers, app.get('etag fn') as (body: Buffer) => string, requestLog(ctx.logger, redactUrl));
  return search ? [search] : [];
}

/**
 * The app and the server's request listener: the fast paths, then the app. `searchFastPath: false`
 * leaves every search to the app (tests compare the two).
 */
export function createAppListener(ctx: AppContext, options: { searchFastPath?: boolean } = {}): { app: express.Express; listener: RequestListener } {
  const app = createApp(ctx);
  return { app, listener: createRequestListener(app, options.searchFastPath === false ? [] : appFastPaths(ctx, app)) };
}

/** Builds the Express app. The listener (with its fast paths), database and shutdown live in server.ts. */
export function createApp(ctx: AppContext): express.Express {
  const app = express();
  // Loaded on their first request (a few hundred milliseconds, once), not at start-up.
  const uploads = lazyRouter(async () => (await import('./media/uploads.routes.js')).uploadsRouter(ctx));
  const saavn = lazyRouter(async () => (await import('./saavn/saavn.routes.js')).saavnRouter(ctx));
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  // Media is read in many small ranges per play: one access-log line each would cost more than
  // serving them. Errors are still logged by the error handler.
  const log = requestLog(ctx.logger, redactUrl);
  app.use(accessLog(log, (url) => url === '/api/health' || url.startsWith('/media/')));
  const securityHeaders = securityHeadersOf(ctx);
  const corsHeaders = corsHeadersOf(ctx);
  app.use(securityHeaders);
  // Before the app's CORS: Subsonic clients on the web call from any origin.
  const loginThrottle = createLoginThrottle(undefined, ctx.redis);
  const compress = boundedCompression();
  app.use('/rest', compress, subsonicRouter(ctx, loginThrottle));
  app.use(corsHeaders);
  // Media before compression and body parsing: audio and images are sent as they are stored.
  app.use('/media', mediaRouter(ctx, { mintersStillValid: (by) => mintStillValid(ctx, by) }));
  const limit = createLimiters(ctx);
  // Search too: it sends most answers gzipped as kept. A body, if any, is parsed (and refused when
  // malformed) as everywhere else; without one the parser returns at once.
  const parseJson = [rejectOversizedJson(JSON_BODY_LIMIT_BYTES), express.json({ limit: JSON_BODY_LIMIT })];
  app.use('/api/search', ...parseJson, limit.search, searchRouter(ctx));
  app.use(compress);

  // tus uploads read the raw request stream, so they are mounted before the JSON parser.
  app.use('/api/uploads', jsonErrorBodies, uploads);
  // Before the JSON parser: an import's body has its own, larger limit.
  app.use('/api/playlists', playlistImportRouter(ctx));
  // Before the JSON parser too: a full queue of ids is larger than its limit.
  app.use('/api/play-queue', playQueueRouter(ctx));
  app.use(...parseJson);

  app.use('/api/health', healthRouter(ctx.redis));
  app.use('/api/config', publicConfigRouter(ctx));
  app.post('/api/users', limit.signup);
  app.get('/api/users/:id/verify/:token', limit.verify);
  app.use('/api/users', usersRouter(ctx));
  app.use('/api/login', authRouter(ctx, { throttle: loginThrottle }));
  app.use('/api', mediaSessionRouter(ctx));
  app.use('/api/account/password', limit.password, passwordRouter(ctx));
  app.use('/api/account/api-keys', apiKeysRouter(ctx));
  app.use('/api/account', scrobbleRouter(ctx));
  app.use('/api/songs', likesRouter(ctx));
  app.use('/api/songs', lyricsRouter(ctx));
  app.use('/api/songs', songsRouter(ctx));
  app.use('/api/browse', browseRouter(ctx));
  app.use('/api/playlists', playlistsRouter(ctx));
  app.use('/api/admin', analyticsRouter(ctx));
  app.use('/api/plays', playsRouter(ctx));
  app.use('/api/admin/libraries', librariesRouter(ctx));
  app.use('/api/saavn', saavn);
  app.use('/api/shares', sharesRouter(ctx));
  app.use('/api/public/shares', limit.publicShares, publicSharesRouter(ctx));
  app.use('/api', notFoundHandler);

  const webDist = resolveWebDist(ctx.config.webDistDir);
  if (webDist) app.use(spaRouter(webDist));

  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
