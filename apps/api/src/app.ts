import express from 'express';
import cors from 'cors';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { healthRouter } from './health/health.routes.js';
import { usersRouter } from './users/users.routes.js';
import { authRouter } from './auth/auth.routes.js';
import { likesRouter } from './likes/likes.routes.js';
import { songsRouter } from './songs/songs.routes.js';
import { searchRouter } from './search/search.routes.js';
import { playlistsRouter } from './playlists/playlists.routes.js';
import { analyticsRouter } from './analytics/analytics.routes.js';
import { saavnRouter } from './saavn/saavn.routes.js';
import { publicConfigRouter } from './config/public.routes.js';
import { uploadsRouter } from './media/uploads.routes.js';
import { mediaRouter } from './media/media.routes.js';
import { resolveWebDist, spaRouter } from './web/static.js';

export const JSON_BODY_LIMIT = '100kb';

function contentSecurityPolicy(ctx: AppContext) {
  const origin = (url: string) => new URL(url).origin;
  const third = [origin(ctx.config.spotify.apiUrl), origin(ctx.config.spotify.accountsUrl)];
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'blob:', 'https:'],
      'connect-src': ["'self'", 'https:', ...third],
      'font-src': ["'self'", 'data:'],
      'upgrade-insecure-requests': null,
    },
  };
}

/** Builds the Express app. The listener, database and shutdown live in server.ts. */
export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: ctx.logger,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({
          id: req.id,
          method: req.method,
          url: String(req.url).replace(/([?&](token|access_token|code)=)[^&]*/g, '$1[redacted]'),
        }),
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(ctx), crossOriginEmbedderPolicy: false }));
  app.use(
    cors({
      origin: (requestOrigin, cb) => cb(null, !requestOrigin || ctx.config.corsOrigins.includes(requestOrigin)),
      exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Metadata'],
    }),
  );
  app.use(compression());

  // tus uploads read the raw request stream, so they are mounted before the JSON parser.
  app.use('/api/uploads', uploadsRouter(ctx));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  app.use('/api/health', healthRouter());
  app.use('/api/config', publicConfigRouter(ctx));
  app.use('/api/users', usersRouter(ctx));
  app.use('/api/login', authRouter(ctx));
  app.use('/api/songs', likesRouter(ctx));
  app.use('/api/songs', songsRouter(ctx));
  app.use('/api/search', searchRouter(ctx));
  app.use('/api/playlists', playlistsRouter(ctx));
  app.use('/api/admin', analyticsRouter(ctx));
  app.use('/api/saavn', saavnRouter(ctx));
  app.use('/api', notFoundHandler);
  app.use('/media', mediaRouter(ctx));

  const webDist = resolveWebDist(ctx.config.webDistDir);
  if (webDist) app.use(spaRouter(webDist));

  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
