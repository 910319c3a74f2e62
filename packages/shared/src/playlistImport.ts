import Joi from 'joi';
import type { Playlist, PlaylistSaavnTrack, SaavnTrackRef } from './types.js';

/** Upload limits of POST /api/playlists/import: a hostile file is refused before it is parsed. */
export const IMPORT_LIMITS = {
  /** Bytes of one uploaded file (a 10,000-row Exportify CSV is about 4 MB). */
  maxFileBytes: 8 * 1024 * 1024,
  /** Tracks of one import. */
  maxRows: 10_000,
  /** Characters of one text field of a row (title, artist, album). */
  maxFieldLength: 500,
} as const;

export const IMPORT_FORMATS = ['csv', 'spotify-json', 'm3u', 'xspf', 'spotify'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One track as the source described it. */
export interface ImportInput {
  title: string;
  artists: string[];
  album?: string;
  durationMs?: number;
  isrc?: string;
  /** M3U/XSPF: the file path or URL the entry named. */
  location?: string;
}

export type ImportRowStatus = 'matched' | 'uncertain' | 'missing' | 'dropped';
export type MatchBy = 'isrc' | 'text' | 'saavn' | 'manual';

/** Something a row could be: a catalogue song or a JioSaavn song. */
export interface ImportCandidate {
  songId?: string;
  saavn?: SaavnTrackRef;
  name: string;
  artist: string;
  album?: string;
  score: number;
  by: MatchBy;
  /** Another version than the row asks for (live, remix… against the studio one, or the reverse). */
  otherVersion?: true;
}

export interface ImportMatch {
  songId?: string;
  saavnId?: string;
  score: number;
  by: MatchBy;
}

export interface ImportRow {
  index: number;
  input: ImportInput;
  status: ImportRowStatus;
  match?: ImportMatch;
  /** Up to 3, best first: the choices of an uncertain row. */
  candidates: ImportCandidate[];
}

export interface ImportCounts {
  total: number;
  matched: number;
  uncertain: number;
  missing: number;
  dropped: number;
}

export interface PlaylistImportResult {
  playlist: Playlist;
  rows: ImportRow[];
  counts: ImportCounts;
}

export interface SpotifyImportBody {
  source: 'spotify';
  spotifyPlaylistId: string;
  /** The playlist's name and tracks as the browser read them (Spotify tokens stay in the browser). */
  name: string;
  tracks: ImportInput[];
  /** Also look on JioSaavn for rows the catalogue has no sure match for (their title and artists are sent there). */
  saavn?: boolean;
}

/** PUT /api/playlists/{id}/import-rows/{index}: pick a song, a JioSaavn song, or drop the row. */
export type ImportRowResolution =
  | { action: 'pick'; songId: string }
  | { action: 'pick'; saavn: SaavnTrackRef }
  | { action: 'drop' };

const shortText = () => Joi.string().trim().max(IMPORT_LIMITS.maxFieldLength).allow('');

const saavnRefSchema = Joi.object<SaavnTrackRef>({
  saavnId: Joi.string().trim().min(1).max(100).pattern(/^[A-Za-z0-9_-]+$/).required(),
  name: shortText().required(),
  artist: shortText().required(),
  img: Joi.string().trim().max(2048).uri({ scheme: ['http', 'https'] }).allow('').required(),
  src: Joi.string().trim().max(2048).uri({ scheme: ['http', 'https'] }).required(),
});

export const importRowResolutionSchema = Joi.alternatives().try(
  Joi.object({ action: Joi.string().valid('drop').required() }),
  Joi.object({
    action: Joi.string().valid('pick').required(),
    songId: Joi.string().hex().length(24),
    saavn: saavnRefSchema,
  }).xor('songId', 'saavn'),
);

export const importInputSchema = Joi.object<ImportInput>({
  title: shortText().required(),
  artists: Joi.array().items(shortText()).max(50).required(),
  album: shortText(),
  durationMs: Joi.number().integer().min(0).max(86_400_000),
  isrc: Joi.string().trim().max(20).allow(''),
});

export const spotifyImportSchema = Joi.object<SpotifyImportBody>({
  source: Joi.string().valid('spotify').required(),
  spotifyPlaylistId: Joi.string().trim().pattern(/^[A-Za-z0-9]+$/).max(64).required(),
  name: Joi.string().trim().min(1).max(200).required().label('Name'),
  tracks: Joi.array().items(importInputSchema).max(IMPORT_LIMITS.maxRows).required(),
  saavn: Joi.boolean().default(false),
});

/** The multipart `saavn` field of a file import: 'true' opts in; anything else, or none, is no. */
export const lookOnSaavnField = (value: unknown): boolean => value === 'true' || value === true;

/** Column names of the CSV export: Exportify's, so either tool reads the other's files. */
export const EXPORT_CSV_COLUMNS = [
  'Track URI',
  'Track Name',
  'Artist Name(s)',
  'Album Name',
  'Duration (ms)',
  'ISRC',
  // Ours, after Exportify's: a signed link to the audio (docs/media.md), read back on import.
  'Audio URL',
] as const;

export const IMPORT_MESSAGES = {
  /** The M3U8 export's comment line on its signed links (docs/media.md). */
  exportLinksUntil: (until: string, hours: number) =>
    `# Links to this server's files play until ${until} (${hours} hours after export); export again for new ones.`,
  noFile: 'Choose a playlist file to import',
  unknownFormat:
    'This is not a playlist file Samaa can read: expected an Exportify CSV (with a "Track Name" column), a Spotify data export (Playlist1.json), an M3U/M3U8 or an XSPF file',
  tooLarge: `The playlist file is too large: at most ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB`,
  tooManyRows: `The playlist has too many tracks: at most ${IMPORT_LIMITS.maxRows.toLocaleString('en')} per import`,
  noTracks: 'The playlist file has no tracks',
  badCsv: (detail: string) => `The CSV file could not be read: ${detail}`,
  badJson: 'The JSON file is not a Spotify playlist export (expected "playlists" with "items")',
  badXml: (detail: string) => `The XSPF file could not be read: ${detail}`,
  rowNotFound: 'This playlist has no import row with that number',
  noImport: 'This playlist was not imported',
  imported: (matched: number, total: number) => `Imported: ${matched} of ${total} tracks matched`,
  resolved: 'Row updated',
  matchedAgain: (matched: number) => `Match again: ${matched} more tracks matched`,
  badExportFormat: 'format must be m3u8 or csv',
  busy: 'An import of yours is still running. Please wait for it to finish.',
} as const;

export const IMPORT_LABELS = {
  importPlaylist: 'Import playlist',
  importHint:
    'An Exportify CSV, a Spotify data export (Playlist1.json), an M3U/M3U8 or an XSPF file.',
  importFromSpotify: 'Import from Spotify',
  chooseFile: 'Playlist file',
  startImport: 'Import',
  importing: 'Importing…',
  reviewTitle: (name: string) => `Review import: ${name}`,
  matched: 'Matched',
  uncertain: 'Uncertain',
  missing: 'Missing',
  dropped: 'Dropped',
  pick: 'Pick',
  drop: 'Drop',
  searchAnother: 'Search for another',
  search: 'Search',
  matchAgain: 'Match again',
  play: 'Play',
  exportM3u8: 'Export M3U8',
  exportCsv: 'Export CSV',
  review: 'Review import',
  by: { isrc: 'ISRC', text: 'title and artist', saavn: 'JioSaavn', manual: 'picked' } as Record<MatchBy, string>,
  otherVersion: 'another version',
  alsoSaavn: 'Also look on JioSaavn',
  alsoSaavnHint: 'Titles and artists of the tracks not found here are sent to JioSaavn to look for them.',
} as const;

export type PlaylistEntry = { kind: 'song'; song: Playlist['songs'][number] } | { kind: 'saavn'; track: PlaylistSaavnTrack };

/** A playlist's entries in play order: its songs, with each JioSaavn track put back at its place. */
export function playlistEntries(playlist: Pick<Playlist, 'songs' | 'saavnTracks'>): PlaylistEntry[] {
  const entries: PlaylistEntry[] = playlist.songs.map((song) => ({ kind: 'song', song }));
  const tracks = [...(playlist.saavnTracks ?? [])].sort((a, b) => a.at - b.at);
  for (const track of tracks) entries.splice(Math.min(Math.max(0, track.at), entries.length), 0, { kind: 'saavn', track });
  return entries;
}
