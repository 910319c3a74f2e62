import Joi from 'joi';

/** Share links: a song, an album or an own playlist, for someone without an account. */

export const SHARE_KINDS = ['song', 'album', 'playlist'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** How many live share links one listener may keep. */
export const SHARE_LIMIT = 500;

/** POST /api/shares. An album's `id` is its library id (`al-…`, as Subsonic has it) or the id of one of its songs. */
export interface ShareInput {
  kind: ShareKind;
  id: string;
  description?: string;
  /** ISO date-time; absent or null: the link does not expire. */
  expiresAt?: string | null;
  downloadable?: boolean;
}

/** PUT /api/shares/:id: what the sharer may change afterwards. */
export interface ShareUpdate {
  description?: string;
  expiresAt?: string | null;
  downloadable?: boolean;
}

/** A share as its owner sees it. */
export interface ShareInfo {
  id: string;
  kind: ShareKind;
  /** The shared song's, album's or playlist's id. */
  targetId: string;
  /** Its name now (as it was when shared, if it is gone). */
  name: string;
  description: string;
  /** The public page: APP_URL/s/{id}. */
  url: string;
  /** ISO date-times. */
  createdAt: string;
  expiresAt: string | null;
  lastVisitedAt: string | null;
  downloadable: boolean;
  visits: number;
  /** True once the expiry has passed: the link answers "expired or revoked". */
  expired: boolean;
}

/** A shared song as the public page plays it: audio and cover are signed links, valid for a few hours. */
export interface PublicShareSong {
  id: string;
  name: string;
  artist: string;
  album?: string;
  duration?: number;
  audio: string;
  cover: string;
  encoderDelay?: number;
  encoderPadding?: number;
  sampleRate?: number;
  replayGainTrackGain?: number;
  replayGainTrackPeak?: number;
}

/** GET /api/public/shares/:id. */
export interface PublicShare {
  share: {
    id: string;
    kind: ShareKind;
    name: string;
    description: string;
    expiresAt: string | null;
    downloadable: boolean;
    cover: string;
    /** The sharer's first name only. */
    sharedBy: string;
  };
  songs: PublicShareSong[];
}

/** The public page's path for a share id (the web route and the API's `url`). */
export const sharePath = (id: string) => `/s/${id}`;

/** A share id: 128 random bits, base64url. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const description = () => Joi.string().trim().allow('').max(300).label('Description');
const expiresAt = () =>
  Joi.date().iso().greater('now').allow(null).label('Expiry').messages({
    'date.greater': 'The expiry must be in the future',
    'date.format': 'The expiry must be a date',
    'date.base': 'The expiry must be a date',
  });

export const shareInputSchema = Joi.object<ShareInput>({
  kind: Joi.string()
    .valid(...SHARE_KINDS)
    .required()
    .label('Kind')
    .messages({ 'any.only': 'Kind must be song, album or playlist' }),
  id: Joi.string()
    .trim()
    .max(64)
    .pattern(/^[A-Za-z0-9-]+$/)
    .required()
    .label('Id')
    .messages({ 'string.pattern.base': 'Invalid id' }),
  description: description(),
  expiresAt: expiresAt(),
  downloadable: Joi.boolean().label('Downloadable'),
});

export const shareUpdateSchema = Joi.object<ShareUpdate>({
  description: description(),
  expiresAt: expiresAt(),
  downloadable: Joi.boolean().label('Downloadable'),
});

/** API answers and the screens' texts of share links. */
export const SHARE_MESSAGES = {
  created: 'Share link created',
  updated: 'Share updated',
  revoked: 'Share link revoked',
  notFound: 'Share not found',
  /** What a visitor of a revoked, expired or unknown link reads. */
  gone: 'This share link has expired or was revoked.',
  goneTitle: 'Link not available',
  off: 'Sharing is turned off on this server.',
  downloadsNotAllowed: 'The person who shared this did not allow downloads.',
  albumNotFound: 'Album not found',
  tooMany: `You can have at most ${SHARE_LIMIT} share links. Revoke one first.`,
  loadFailed: 'Failed to fetch shares.',
  publicLoadFailed: 'Failed to load this share. Please try again.',
  none: "You haven't shared anything yet.",
  title: 'Shares',
  shareSong: 'Share song',
  shareAlbum: 'Share album',
  sharePlaylist: 'Share playlist',
  descriptionLabel: 'Description (optional)',
  expiryLabel: 'Expires on (optional)',
  downloadsLabel: 'Allow downloads',
  create: 'Create link',
  creating: 'Creating...',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  close: 'Close',
  edit: 'Edit',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this link? Anyone who has it will no longer be able to open it.',
  linkLabel: 'Share link',
  copyLink: 'Copy link',
  never: 'Never',
  expired: 'Expired',
  download: 'Download',
  playAll: 'Play',
  failed: 'Could not save the share. Please try again.',
  songsLabel: 'Songs',
  columns: { name: 'Name', kind: 'Kind', link: 'Link', visits: 'Visits', expires: 'Expires', actions: 'Actions' },
} as const;

export const songOptionsLabel = (songName: string) => `More options for ${songName}`;

export const sharedBy = (name: string) => `Shared by ${name}`;
export const shareDialogTitle = (name: string) => `Share “${name}”`;
export const shareVisits = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'}`;
export const KIND_LABELS: Record<ShareKind, string> = { song: 'Song', album: 'Album', playlist: 'Playlist' };
