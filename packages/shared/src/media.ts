import type { SongInput } from './schemas/catalogue.js';
/** Media upload contract shared by the API (tus media store) and the web app (tus or Firebase). */

export const MEDIA_KINDS = ['audio', 'image'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Folder of each kind, in the media store (`/media/{folder}/…`) and in the Firebase bucket. */
export const MEDIA_FOLDERS: Record<MediaKind, string> = { audio: 'audio', image: 'images' };

/** Longest sanitised name kept (before the timestamp prefix). */
const MAX_NAME_LENGTH = 100;

/** Metadata read from an uploaded audio file, used to pre-fill the song form's empty fields. */
/** What an audio file's tags say of it, in the song's own fields (duration in whole seconds). */
export type AudioTags = { title?: string; artist?: string } & Pick<
  SongInput,
  | 'album'
  | 'albumArtist'
  | 'trackNumber'
  | 'discNumber'
  | 'year'
  | 'genre'
  | 'duration'
  | 'sampleRate'
  | 'encoderDelay'
  | 'encoderPadding'
  | 'replayGainTrackGain'
  | 'replayGainTrackPeak'
  | 'isrc'
>;

export interface UploadMetadata extends AudioTags {
  /** Media path of the embedded cover art, saved as an image file. */
  coverUrl?: string;
}

/** The cover of songs with no image of their own (bulk uploads and folder files without art). */
export const DEFAULT_COVER_PATH = '/media/images/default-cover.png';

/** What a finished upload answers. */
export interface UploadResult {
  /** Public URL (Firebase download URL) or media store path (/media/audio/…). */
  url: string;
  metadata?: UploadMetadata;
}

export const UPLOAD_MESSAGES = {
  invalidKind: 'Upload kind must be audio or image',
  missingName: 'The upload needs a file name',
  unsafeName: 'Invalid file name',
  lengthRequired: 'The upload size must be declared',
  emptyFile: 'The file is empty',
  audioTooLarge: (mb: number) => `Audio files may be at most ${mb} MB`,
  imageTooLarge: (mb: number) => `Images may be at most ${mb} MB`,
  notAudio: 'The file is not a supported audio format (mp3, m4a/aac, ogg/opus, wav or flac)',
  notImage: 'The file is not a supported image format (jpeg, png or webp)',
  invalidMediaPath: 'path must be a media store audio path (/media/audio/…)',
} as const;

// Control characters, including DEL and the C1 range.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A name no one should send: path separators, control characters or a bare `.`/`..`.
 * Browsers never produce these, so the API rejects them instead of guessing.
 */
export function isUnsafeFileName(name: string): boolean {
  return name === '.' || name === '..' || /[/\\]/.test(name) || CONTROL_CHARS.test(name);
}

/**
 * A file name safe on every file system and in URLs: ASCII letters, digits, `.`, `_` and `-`,
 * no leading dot, at most 100 characters (the extension kept), never empty.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-+\./g, '.')
    .replace(/^[-.]+/, '')
    .replace(/[-.]+$/, '');
  if (clean.length > MAX_NAME_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 8 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length).replace(/[-.]+$/, '') + ext;
  }
  return clean || 'file';
}

/** `{timestamp}{sanitised original name}`: the name of a stored upload. */
export function mediaObjectName(originalName: string, now: number = Date.now()): string {
  return `${now}${sanitizeFileName(originalName)}`;
}

/** API paths (under /api) of the media cookie and sign-out routes. */
export const MEDIA_SESSION_PATHS = {
  /** POST, signed in: (re)sets the media cookie for a session restored from storage. */
  mediaSession: '/account/media-session',
  /** POST: clears the media cookie. */
  logout: '/logout',
} as const;

/**
 * Widths (and heights: covers fit inside a square) a cover is served at with `?size=N` on
 * `/media/images/…` (docs/media.md). A bounded set, so the server's resized copies stay few.
 */
export const COVER_SIZES = [64, 128, 300, 600] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

/** The smallest listed size at least `px` wide, or the largest. */
export function coverSizeFor(px: number): CoverSize {
  return COVER_SIZES.find((size) => size >= px) ?? COVER_SIZES[COVER_SIZES.length - 1]!;
}
