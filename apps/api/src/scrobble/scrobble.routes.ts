import { Router } from 'express';
import { listenBrainzTokenSchema, SCROBBLE_MESSAGES, type ListenBrainzTokenBody } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { authUser, requireAuth } from '../auth/middleware.js';
import { badRequest } from '../http/errors.js';
import { validate } from '../http/validate.js';
import {
  completeLastfm,
  connectListenBrainz,
  disconnect,
  lastfmConnectUrl,
  scrobblingStatus,
} from './scrobble.service.js';

/**
 * Mounted at /api/account: the signed-in listener's scrobbling connections (owners only; tokens
 * and session keys never leave the server), and Last.fm's redirect back after its sign-in.
 */
export function scrobbleRouter(ctx: AppContext): Router {
  const s = ctx.scrobbling;
  const router = Router();
  const auth = requireAuth(ctx);
  const noStore = { 'Cache-Control': 'no-store' };

  router.get('/scrobbling', auth, async (req, res) => {
    res.set(noStore).json({ data: await scrobblingStatus(s, authUser(req)._id) });
  });

  router.put('/listenbrainz', auth, async (req, res) => {
    const { token } = validate<ListenBrainzTokenBody>(listenBrainzTokenSchema, req.body);
    await connectListenBrainz(s, authUser(req)._id, token);
    res.set(noStore).json({ data: await scrobblingStatus(s, authUser(req)._id), message: SCROBBLE_MESSAGES.listenBrainzConnected });
  });

  router.delete('/listenbrainz', auth, async (req, res) => {
    await disconnect(ctx.scrobbling, authUser(req)._id, 'listenbrainz');
    res.set(noStore).json({ data: await scrobblingStatus(s, authUser(req)._id), message: SCROBBLE_MESSAGES.listenBrainzDisconnected });
  });

  router.get('/lastfm/connect', auth, (req, res) => {
    res.set(noStore).json({ url: lastfmConnectUrl(s, authUser(req)._id) });
  });

  // Not signed in: the browser comes back from Last.fm; the signed state names the listener.
  router.get('/lastfm/callback', async (req, res) => {
    const { state, token } = req.query;
    if (typeof state !== 'string' || !state) throw badRequest(SCROBBLE_MESSAGES.lastfmBadState);
    if (typeof token !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(token)) throw badRequest(SCROBBLE_MESSAGES.lastfmFailed);
    res.set(noStore).redirect(302, await completeLastfm(s, state, token));
  });

  router.delete('/lastfm', auth, async (req, res) => {
    await disconnect(ctx.scrobbling, authUser(req)._id, 'lastfm');
    res.set(noStore).json({ data: await scrobblingStatus(s, authUser(req)._id), message: SCROBBLE_MESSAGES.lastfmDisconnected });
  });

  return router;
}
