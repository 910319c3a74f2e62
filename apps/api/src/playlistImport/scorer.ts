import { decodeUtf8, jaroWinkler, type CharArray } from '@skyra/jaro-winkler';
import type { ImportInput } from '@samaa/shared';
import { artistSet, fold, normaliseAlbum, normaliseTitle, type NormalTitle } from './normalise.js';

/** A track reduced for comparison, whether it is a row, a catalogue song or a JioSaavn song. */
export interface Comparable {
  title: NormalTitle;
  artists: string[];
  album: string;
  durationMs?: number;
  /** The title and artists as the similarity reads them, decoded once rather than per comparison. */
  titleChars: CharArray;
  artistChars: CharArray[];
}

export function comparable(input: Pick<ImportInput, 'title' | 'artists' | 'album' | 'durationMs'>): Comparable {
  const title = normaliseTitle(input.title);
  const artists = artistSet(input.artists);
  return {
    title,
    artists,
    album: input.album ? normaliseAlbum(input.album) : '',
    durationMs: input.durationMs,
    titleChars: decodeUtf8(title.text),
    artistChars: artists.map((a) => decodeUtf8(a)),
  };
}

/** Each of title and artist must reach this to be matched without asking. */
export const FIELD_THRESHOLD = 0.85;
/** The weighted score a row needs to be matched without asking… */
export const MATCH_THRESHOLD = 0.93;
/** …and to be offered as a candidate at all (below it the row is missing). */
export const CANDIDATE_THRESHOLD = 0.8;
/** Durations closer than this are the same recording's. */
export const DURATION_TOLERANCE_MS = 3000;

export interface Score {
  title: number;
  artist: number;
  /** 0.6 title + 0.4 artist. */
  total: number;
  sameVersion: boolean;
  /** Duration within ±3 s (undefined when either is unknown). */
  closeDuration?: boolean;
  sameAlbum: boolean;
}

const similarity = (a: string, b: string, aChars: CharArray, bChars: CharArray) =>
  a === b ? 1 : !a || !b ? 0 : jaroWinkler(aChars, bChars);

/** Artists compared as sets: the best pair counts (featured artists may sit on either side). */
function artistSimilarity(row: Comparable, candidate: Comparable): number {
  const a = row.artists;
  const b = candidate.artists;
  // Without artists on either side, the title alone cannot make a sure match.
  if (a.length === 0 || b.length === 0) return 0.5;
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      best = Math.max(best, similarity(a[i]!, b[j]!, row.artistChars[i]!, candidate.artistChars[j]!));
      if (best === 1) return 1;
    }
  }
  return best;
}

/** Below this title similarity a song is not even a candidate: the artists are not compared. */
const TITLE_FLOOR = 0.75;

export function score(row: Comparable, candidate: Comparable): Score {
  const title = similarity(row.title.text, candidate.title.text, row.titleChars, candidate.titleChars);
  const artist = title < TITLE_FLOOR ? 0 : artistSimilarity(row, candidate);
  const closeDuration =
    row.durationMs && candidate.durationMs
      ? Math.abs(row.durationMs - candidate.durationMs) <= DURATION_TOLERANCE_MS
      : undefined;
  return {
    title,
    artist,
    total: 0.6 * title + 0.4 * artist,
    sameVersion: row.title.version === candidate.title.version,
    closeDuration,
    sameAlbum: !!row.album && row.album === candidate.album,
  };
}

/**
 * Orders candidates best first: versions that agree before those that do not, then the score
 * (to 2 decimals), then the album, then a duration within ±3 s.
 */
export function compareScores(a: Score, b: Score): number {
  if (a.sameVersion !== b.sameVersion) return a.sameVersion ? -1 : 1;
  const byTotal = Math.round(b.total * 100) - Math.round(a.total * 100);
  if (byTotal !== 0) return byTotal;
  if (a.sameAlbum !== b.sameAlbum) return a.sameAlbum ? -1 : 1;
  if (a.closeDuration !== b.closeDuration) return a.closeDuration ? -1 : b.closeDuration ? 1 : 0;
  return 0;
}

/** Whether a score is good enough to match without asking the listener. */
export function isConfident(s: Score): boolean {
  return s.sameVersion && s.title >= FIELD_THRESHOLD && s.artist >= FIELD_THRESHOLD && s.total >= MATCH_THRESHOLD;
}

export function isCandidate(s: Score): boolean {
  return s.total >= CANDIDATE_THRESHOLD && s.title >= TITLE_FLOOR && s.artist >= 0.7;
}

/** The same recording, for telling duplicates on several albums from different songs. */
export function recordingKey(c: Comparable): string {
  return `${c.title.text}|${c.title.version}|${[...c.artists].sort().join('+')}`;
}

export { fold };
