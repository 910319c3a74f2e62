import { saavnAudioUrl, saavnImageUrl, type ImportCandidate, type ImportInput, type ImportRow, type SaavnSong } from '@samaa/shared';
import { nextTurn } from '../eventLoop.js';
import { candidatesOf, type IndexedSong, type MatchIndex } from './matchIndex.js';
import { normaliseArtist } from './normalise.js';
import { compareScores, comparable, isCandidate, isConfident, recordingKey, score, type Comparable, type Score } from './scorer.js';

/** Looks JioSaavn up for a row; resolves to [] when it has nothing or cannot be reached. */
export type SaavnSearch = (query: string) => Promise<SaavnSong[]>;

export interface MatchOptions {
  saavn?: SaavnSearch;
  /** JioSaavn look-ups one import may make ("Match again" tries the rest later). */
  saavnBudget?: number;
}

export const SAAVN_BUDGET = 200;
const SAAVN_CONCURRENCY = 4;
/** Rows matched between two turns of the event loop. */
const YIELD_EVERY = 100;
/** A rival recording this close to the best makes the row uncertain. */
const RIVAL_MARGIN = 0.02;

interface Scored<T> {
  item: T;
  score: Score;
  recording: string;
}

const rounded = (n: number) => Math.round(n * 1000) / 1000;

function songCandidate({ item, score: s }: Scored<IndexedSong>, by: 'isrc' | 'text'): ImportCandidate {
  const { song } = item;
  return {
    songId: song._id,
    name: song.name,
    artist: song.artist,
    ...(song.album ? { album: song.album } : {}),
    score: by === 'isrc' ? 1 : rounded(s.total),
    by,
    ...(s.sameVersion ? {} : { otherVersion: true as const }),
  };
}

function saavnCandidate({ item, score: s }: Scored<SaavnSong>): ImportCandidate {
  const artist = (item.artists?.primary ?? []).map((a) => a.name).join(', ');
  return {
    saavn: { saavnId: item.id ?? '', name: item.name, artist, img: saavnImageUrl(item.image), src: saavnAudioUrl(item.downloadUrl) },
    name: item.name,
    artist,
    score: rounded(s.total),
    by: 'saavn',
    ...(s.sameVersion ? {} : { otherVersion: true as const }),
  };
}

/** Best first; the best, when confident and without a close rival recording; up to 3 choices. */
function decide<T>(scored: Scored<T>[]): { best?: Scored<T>; choices: Scored<T>[] } {
  const ranked = scored.filter((s) => isCandidate(s.score)).sort((a, b) => compareScores(a.score, b.score));
  const choices: Scored<T>[] = [];
  const seen = new Set<T>();
  for (const s of ranked) {
    if (choices.length === 3) break;
    if (!seen.has(s.item)) choices.push(s);
    seen.add(s.item);
  }
  const top = ranked[0];
  if (!top || !isConfident(top.score)) return { choices };
  const rival = ranked.find(
    (s) => s.recording !== top.recording && s.score.sameVersion && s.score.total >= top.score.total - RIVAL_MARGIN,
  );
  return rival ? { choices } : { best: top, choices };
}

function byIsrc(index: MatchIndex, row: Comparable, isrc: string | undefined): Scored<IndexedSong> | undefined {
  if (!isrc) return undefined;
  const found = (index.byIsrc.get(isrc) ?? []).map((at) => {
    const item = index.songs[at]!;
    return { item, score: score(row, item), recording: item.recording };
  });
  return found.sort((a, b) => compareScores(a.score, b.score))[0];
}

/**
 * A location that is one of our songs' own audio paths or URLs (an exported M3U8 or CSV read
 * back): on any host, and without the signed query (expired or not) of a /media link.
 */
function byLocation(index: MatchIndex, location: string | undefined, row: Comparable): IndexedSong | undefined {
  if (!location) return undefined;
  const path = location.replace(/^https?:\/\/[^/]+/, '');
  const found = index.byLocation.get(location) ?? index.byLocation.get(path) ?? (path.startsWith('/media/') ? index.byLocation.get(path.split('?')[0]!) : undefined);
  if (!found) return undefined;
  // Songs that play the same file: the one whose title and artist are the row's.
  return found
    .map((at) => index.songs[at]!)
    .map((item) => ({ item, score: score(row, item) }))
    .sort((a, b) => compareScores(a.score, b.score))[0]?.item;
}

function matchInCatalogue(index: MatchIndex, input: ImportInput, position: number): { row: ImportRow; reduced: Comparable } {
  const reduced = comparable(input);
  const base = { index: position, input };
  const isrc = byIsrc(index, reduced, input.isrc);
  if (isrc) {
    return { reduced, row: { ...base, status: 'matched', match: { songId: isrc.item.song._id, score: 1, by: 'isrc' }, candidates: [] } };
  }
  const located = byLocation(index, input.location, reduced);
  if (located) {
    return { reduced, row: { ...base, status: 'matched', match: { songId: located.song._id, score: 1, by: 'text' }, candidates: [] } };
  }
  const scored = candidatesOf(index, reduced).map((item) => ({ item, score: score(reduced, item), recording: item.recording }));
  const { best, choices } = decide(scored);
  if (best) {
    return { reduced, row: { ...base, status: 'matched', match: { songId: best.item.song._id, score: rounded(best.score.total), by: 'text' }, candidates: [] } };
  }
  const candidates = choices.map((c) => songCandidate(c, 'text'));
  return { reduced, row: { ...base, status: candidates.length > 0 ? 'uncertain' : 'missing', candidates } };
}

export function saavnQuery(input: ImportInput): string {
  const title = comparable(input).title.text;
  const artist = input.artists[0] ? normaliseArtist(input.artists[0]) : '';
  return `${title} ${artist}`.trim().slice(0, 100);
}

async function matchOnSaavn(search: SaavnSearch, row: ImportRow, reduced: Comparable): Promise<ImportRow> {
  const songs = (await search(saavnQuery(row.input))).filter((s) => s.id && saavnAudioUrl(s.downloadUrl));
  const scored = songs.map((item) => {
    const other = comparable({ title: item.name, artists: (item.artists?.primary ?? []).map((a) => a.name) });
    return { item, score: score(reduced, other), recording: recordingKey(other) };
  });
  const { best, choices } = decide(scored);
  if (best && row.candidates.length === 0) {
    return { ...row, status: 'matched', match: { saavnId: best.item.id!, score: rounded(best.score.total), by: 'saavn' }, candidates: [saavnCandidate(best)] };
  }
  const candidates = [...row.candidates, ...choices.map(saavnCandidate)].sort((a, b) => b.score - a.score).slice(0, 3);
  return { ...row, status: candidates.length > 0 ? 'uncertain' : 'missing', candidates };
}

/** Runs `task` over `items`, `limit` at a time, keeping order. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await task(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Matches rows in order: ISRC, then the audio location, then title and artist against the
 * catalogue, then JioSaavn for rows the catalogue has no sure match for, else missing.
 * `positions` are the rows' indexes in the playlist (all of them for a new import).
 */
export async function matchRows(
  index: MatchIndex,
  inputs: readonly ImportInput[],
  options: MatchOptions = {},
  positions: readonly number[] = inputs.map((_, i) => i),
): Promise<ImportRow[]> {
  const first: { row: ImportRow; reduced: Comparable }[] = [];
  for (let i = 0; i < inputs.length; i++) {
    first.push(matchInCatalogue(index, inputs[i]!, positions[i]!));
    // A 10,000-row import takes seconds of CPU: other requests are served in between.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
  }
  const { saavn } = options;
  if (!saavn) return first.map((f) => f.row);
  const budget = options.saavnBudget ?? SAAVN_BUDGET;
  const unsure = first.filter((f) => f.row.status !== 'matched').slice(0, budget);
  const looked = await pool(unsure, SAAVN_CONCURRENCY, (f) => matchOnSaavn(saavn, f.row, f.reduced));
  const byIndex = new Map(looked.map((row) => [row.index, row]));
  return first.map((f) => byIndex.get(f.row.index) ?? f.row);
}
