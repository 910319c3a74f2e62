import { jaroWinkler } from '@skyra/jaro-winkler';
import type { ImportInput } from '@samaa/shared';
import { artistSet, fold, normaliseAlbum, normaliseTitle, type NormalTitle } from './normalise.js';

/** A track reduced for comparison, whether it is a row, a catalogue song or a JioSaavn song. */
export interface Comparable {
  title: NormalTitle;
  artists: string[];
  album: string;
  durationMs?: number;
}

export function comparable(input: Pick<ImportInput, 'title' | 'artists' | 'album' | 'durationMs'>): Comparable {
  return {
    title: normaliseTitle(input.title),
    artists: artistSet(input.artists),
    album: input.album ? normaliseAlbum(input.album) : '',
    durationMs: input.durationMs,
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

const similarity = (a: string, b: string) => (a === b ? 1 : !a || !b ? 0 : jaroWinkler(a, b));

/** Artists compared as sets: the best pair counts (featured artists may sit on either side). */
function artistSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0.5 : 0.5;
  let best = 0;
  for (const x of a) {
    for (const y of b) {
      best = Math.max(best, similarity(x, y));
      if (best === 1) return 1;
    }
  }
  return best;
}

export function score(row: Comparable, candidate: Comparable): Score {
  const title = similarity(row.title.text, candidate.title.text);
  const artist = artistSimilarity(row.artists, candidate.artists);
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
  return s.total >= CANDIDATE_THRESHOLD && s.title >= 0.75 && s.artist >= 0.7;
}

/** The same recording, for telling duplicates on several albums from different songs. */
export function recordingKey(c: Comparable): string {
  return `${c.title.text}|${c.title.version}|${[...c.artists].sort().join('+')}`;
}

export { fold };
