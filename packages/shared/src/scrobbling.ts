import Joi from 'joi';

/** The services a listener's listens can be sent to. */
export type ScrobbleService = 'listenbrainz' | 'lastfm';

/** One service as the account page shows it: the name on that service, never a token. */
export interface ScrobbleConnection {
  userName: string;
  /** ISO date. */
  connectedAt: string;
  /** The service refused the token or session: the listener connects again. */
  needsReconnect: boolean;
  /** Listens waiting to be sent. */
  pending: number;
}

/** `data` of GET /api/account/scrobbling. */
export interface ScrobblingStatus {
  listenbrainz: ScrobbleConnection | null;
  lastfm: ScrobbleConnection | null;
  /** False when the operator set no LASTFM_API_KEY/LASTFM_SECRET. */
  lastfmConfigured: boolean;
}

/** Body of PUT /api/account/listenbrainz. */
export interface ListenBrainzTokenBody {
  token: string;
}

export const listenBrainzTokenSchema = Joi.object<ListenBrainzTokenBody>({
  token: Joi.string().trim().min(1).max(200).required().label('Token'),
});

/** Listens shorter than this are never scrobbled (Last.fm's rule). */
export const SCROBBLE_MIN_DURATION_S = 30;
/** A listen counts after half the song or this many seconds, whichever comes first. */
export const SCROBBLE_MAX_LISTEN_S = 240;

export const SCROBBLE_MESSAGES = {
  title: 'Scrobbling',
  intro: 'Send what you play here, in the web player and in Subsonic apps, to ListenBrainz and Last.fm.',
  listenBrainzConnected: 'ListenBrainz connected',
  listenBrainzDisconnected: 'ListenBrainz disconnected',
  listenBrainzInvalidToken: 'ListenBrainz did not accept this token. Copy the user token from your ListenBrainz settings page and try again.',
  listenBrainzUnavailable: 'ListenBrainz could not be reached. Please try again later.',
  lastfmDisconnected: 'Last.fm disconnected',
  lastfmNotConfigured: 'Last.fm is not configured on this server.',
  lastfmBadState: 'This Last.fm sign-in link is invalid or has expired. Start again from the Scrobbling page.',
  lastfmConnected: 'Last.fm connected',
  lastfmFailed: 'Last.fm did not complete the connection. Please try again.',
  needsReconnect: 'The service no longer accepts the connection. Connect again to resume sending listens.',
} as const;
