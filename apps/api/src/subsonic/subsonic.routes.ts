import fs from 'node:fs';
import cors from 'cors';
import express, { Router, type Request, type Response } from 'express';
import { API_MESSAGES } from '@samaa/shared';
import type { AppContext } from '../context.js';
import type { LoginThrottle } from '../auth/loginThrottle.js';
import { classifyDataError } from '../db/dataErrors.js';
import { HttpError } from '../http/errors.js';
import { subsonicAuthenticator } from './auth.js';
import type { SubsonicMethod } from './call.js';
import { annotationMethods } from './methods/annotation.js';
import { bookmarkMethods } from './methods/bookmarks.js';
import { browseMethods } from './methods/browse.js';
import { genreMethods } from './methods/genres.js';
import { infoMethods } from './methods/info.js';
import { legacyListMethods } from './methods/legacyLists.js';
import { listMethods } from './methods/lists.js';
import { lyricsMethods } from './methods/lyrics.js';
import { mediaMethods } from './methods/media.js';
import { nowPlayingMethods } from './methods/nowPlaying.js';
import { playlistMethods } from './methods/playlists.js';
import { playQueueMethods } from './methods/playQueue.js';
import { radioMethods } from './methods/radio.js';
import { scanMethods } from './methods/scan.js';
import { searchMethods } from './methods/search.js';
import { shareMethods } from './methods/shares.js';
import { publicMethods, systemMethods } from './methods/system.js';
import { SubsonicParams } from './params.js';
import { KeptAnswer } from './keptAnswers.js';
import { errorPayload, formatOf, sendKept, sendSubsonic, SUBSONIC_ERRORS, SubsonicError, type ResponseFormat } from './response.js';

const METHODS: Record<string, SubsonicMethod> = {
  ...systemMethods,
  ...browseMethods,
  ...listMethods,
  ...searchMethods,
  ...playlistMethods,
  ...annotationMethods,
  ...mediaMethods,
  ...lyricsMethods,
  // After listMethods: its getAlbumList2 answers byGenre and hands every other type on.
  ...genreMethods,
  ...legacyListMethods,
  ...infoMethods,
  ...playQueueMethods,
  ...bookmarkMethods,
  ...radioMethods,
  ...scanMethods,
  ...nowPlayingMethods,
  ...shareMethods,
};

/** Every method Samaa answers, for the docs and tests. */
export const SUBSONIC_METHODS = Object.keys(METHODS);

const SERVER_VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

/** Errors of the features underneath, as Subsonic codes. */
function toSubsonicError(err: unknown, ctx: AppContext, req: Request): SubsonicError {
  if (err instanceof SubsonicError) return err;
  if (err instanceof HttpError) {
    if (err.status === 403) return new SubsonicError(SUBSONIC_ERRORS.notAuthorized, err.message);
    if (err.status === 404) return new SubsonicError(SUBSONIC_ERRORS.notFound, err.message);
    if (err.status < 500) return new SubsonicError(SUBSONIC_ERRORS.generic, err.message);
  }
  const dataError = classifyDataError(err, API_MESSAGES.invalidId);
  if (dataError?.kind === 'invalid') return new SubsonicError(SUBSONIC_ERRORS.notFound, dataError.message);
  if (dataError?.kind === 'unavailable') return new SubsonicError(SUBSONIC_ERRORS.generic, API_MESSAGES.dbUnavailable);
  ctx.logger.error({ err, path: req.path }, 'unhandled subsonic error');
  return new SubsonicError(SUBSONIC_ERRORS.generic, API_MESSAGES.internal);
}

/**
 * The Subsonic API (1.16.1) with the OpenSubsonic additions, at /rest/<method> and
 * /rest/<method>.view, by GET or by POST with a form body. Answers XML, or JSON with f=json.
 */
export function subsonicRouter(ctx: AppContext, throttle: LoginThrottle): Router {
  const authenticator = subsonicAuthenticator(ctx, ctx.jwtSecret, throttle);
  const router = Router();
  // Clients on the web (Airsonic Refix, Feishin) call from their own origins; credentials travel
  // in the parameters, never in cookies, so any origin may call.
  router.use(cors({ origin: '*', methods: ['GET', 'POST', 'HEAD'] }));
  // Their covers and streams are embedded from those origins too: the app-wide same-site
  // resource policy would block them (Chromium: ERR_BLOCKED_BY_RESPONSE.NotSameSite).
  router.use((_req, res, next) => {
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 2000 }));

  const handle = async (req: Request, res: Response) => {
    const params = new SubsonicParams(req.query as Record<string, unknown>, req.body);
    const format: ResponseFormat = formatOf(params.optional('f'));
    const name = String(req.params.method).replace(/\.view$/, '');
    const method = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
    try {
      if (!method) {
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown method: ${name}`);
      }
      const publicMethod = Object.hasOwn(publicMethods, name) ? publicMethods[name] : undefined;
      if (publicMethod) {
        sendSubsonic(res, format, SERVER_VERSION, 'ok', await publicMethod(ctx));
        return;
      }
      const user = await authenticator.authenticate(params, req.ip);
      const payload = await method({ ctx, params, user, req, res });
      if (payload instanceof KeptAnswer) sendKept(req, res, format, SERVER_VERSION, payload);
      else if (payload !== 'sent') sendSubsonic(res, format, SERVER_VERSION, 'ok', payload);
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError && err.status === 416) {
        res.status(416).set(err.headers).end();
        return;
      }
      res.removeHeader('Content-Disposition');
      const error = errorPayload(toSubsonicError(err, ctx, req));
      sendSubsonic(res, format, SERVER_VERSION, 'failed', error, method ? 200 : 404);
    }
  };
  router.get('/:method', handle);
  router.post('/:method', handle);
  return router;
}
