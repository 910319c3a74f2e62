/** Where a song's lyrics came from, best first: a file beside the audio or one an admin uploaded, the audio's tags, the LRCLIB-compatible service. */
export type LyricsSource = 'sidecar' | 'upload' | 'tags' | 'lrclib';

/** A word or syllable of an enhanced LRC line (`<mm:ss.xx>` stamps), start in milliseconds. */
export interface LyricsCue {
  start: number;
  text: string;
}

/** One line. `start` (milliseconds, offset applied) only on synced lyrics; `cues` only when the source stamped words. */
export interface LyricsLine {
  start?: number;
  text: string;
  cues?: LyricsCue[];
}

/** GET /api/songs/{id}/lyrics */
export interface SongLyrics {
  synced: boolean;
  lines: LyricsLine[];
  source: LyricsSource;
  /** The language the file or tag names (ISO 639), when it names one. */
  lang?: string;
}

/** The most bytes of lyrics read from a file, a tag or an upload. */
export const LYRICS_MAX_BYTES = 256 * 1024;
/** The most lines kept. */
export const LYRICS_MAX_LINES = 5000;

export const LYRICS_MESSAGES = {
  none: 'No lyrics for this song.',
  panelTitle: 'Lyrics',
  announceLines: 'Announce lines',
  saved: 'Lyrics saved',
  removed: 'Lyrics removed',
  upload: 'Upload lyrics (.lrc or .txt)',
  replace: 'Replace lyrics',
  remove: 'Remove lyrics',
  current: 'Current lyrics',
  loadFailed: 'Could not load the lyrics.',
  tooLarge: 'The lyrics file is too large (at most 256 KB).',
  notLyrics: 'This file is not lyrics: use an .lrc or a plain-text file.',
  empty: 'The lyrics file has no lines.',
} as const;

/** Why a lyrics file was ignored, as the admin Libraries page shows it. */
export const lyricsFileIgnored = (file: string, reason: string) => `Lyrics file ${file} ignored: ${reason}`;

/** Local storage key of the listener's choice to have lyric lines announced to screen readers ("off" when turned off). */
export const LYRICS_ANNOUNCE_KEY = 'samaa.lyrics.announce';
