import { setTimeout } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Song } from '@samaa/shared';
import type { Catalogue, CatalogueView, SongListSnapshot } from '../songs/songs.service.js';
import { nextTurn } from '../eventLoop.js';
import { songPlaces } from '../songs/songTable.js';
import { CatalogueIndex } from './catalogueIndex.js';
import { decodeIndex, encodeIndex } from './indexBytes.js';
import { queryTerms } from './textIndex.js';

/** Songs indexed between two yields to the event loop. */
const BUILD_CHUNK = 2000;
/** Up to this many songs an index is built at once (a few milliseconds) where a search needs it. */
const BUILT_AT_ONCE_UP_TO = 5000;
/** Past this many removed (or replaced) songs, the index is built again in the background. */
const removedLimit = (index: CatalogueIndex) => 1000 + index.size / 4;

/** A snapshot's word index, and the rankings already made from it. */
export interface SongIndex {
  index: CatalogueIndex;
  rankings: LRUCache<string, Ranking>;
}

const withRankings = (index: CatalogueIndex): SongIndex => ({ index, rankings: new LRUCache<string, Ranking>({ max: RANKINGS_KEPT }) });

/** From this many songs, an index made at a start is searched a few times before listeners search. */
const WARMED_FROM = 50_000;
const WARM_SEARCHES = 8;
/** Idle time between two of them once the server listens (`warmSearchesInTurns`). */
const WARM_GAP_MS = 10;

/** What a warm-up searches: any of the catalogue's word indexes (songs, albums, artists). */
export interface WarmedIndex {
  frequentTerms(count: number): string[];
  best(words: string[], wanted: number): unknown;
}

/**
 * The search code is compiled only as it runs, so a large index's first searches were several
 * times slower than the rest (docs/performance.md). An index made at a start is searched a few
 * times in its most common words first: whole words, a word being typed, a typo, each path a
 * search takes. The rankings are left as they were.
 */
function warmSearch(index: WarmedIndex, common: string[], i: number): void {
  const word = (at: number) => common[at % common.length]!;
  const last = i % 4 === 3 ? `${word(i + 2)}x` : word(i + 2).slice(0, Math.max(1, word(i + 2).length - (i % 3)));
  index.best([word(i), word(i + 1), last], RANKED_AT_LEAST);
}

/**
 * The warm-up of a restored index, at once, before the server listens: run in the background
 * instead, its searches held back the first requests after the start (the first full list).
 */
export function warmSearches(index: WarmedIndex, searches = WARM_SEARCHES): void {
  const common = index.frequentTerms(4);
  if (common.length > 0) for (let i = 0; i < searches; i += 1) warmSearch(index, common, i);
}

/**
 * The warm-up of indexes made while the server serves: one search at a time, taking the indexes
 * in turn, the event loop idle between two searches.
 */
export async function warmSearchesInTurns(indexes: readonly WarmedIndex[], searches = WARM_SEARCHES): Promise<void> {
  const warmed = indexes.map((index) => ({ index, common: index.frequentTerms(4) })).filter(({ common }) => common.length > 0);
  for (let i = 0; i < searches; i += 1) {
    for (const { index, common } of warmed) {
      await setTimeout(WARM_GAP_MS);
      warmSearch(index, common, i);
    }
  }
}

/** Whether an index is large enough for its first searches to be warmed. */
export const worthWarming = (index: CatalogueIndex) => index.size >= WARMED_FROM;

/**
 * Builds a snapshot's index in chunks that let requests in between: built at once, 100,000 songs
 * would hold the event loop for a few hundred milliseconds, and every request (the health check
 * too) would wait for it.
 */
async function buildInSlices({ songs }: SongListSnapshot): Promise<SongIndex> {
  const index = new CatalogueIndex();
  for (let from = 0; from < songs.length; from += BUILD_CHUNK) {
    index.addAll(songs, from, Math.min(songs.length, from + BUILD_CHUNK));
    await nextTurn();
  }
  index.finish();
  index.compact();
  // Warmed with the library's indexes once the start's views are made (`warmCatalogueSearch`).
  return withRankings(index);
}

/**
 * The catalogue's song search index. Small catalogues are indexed at once; above 5,000 songs the
 * index is built in the background (searches meanwhile are answered by `scanMatches`). A write of
 * this process moves the index to the new snapshot with the same change, where building it again
 * took a while at 100,000 songs; rankings are kept per snapshot, so none made before the change is
 * reused.
 */
export const searchIndexView: CatalogueView<SongIndex> = {
  name: 'searchIndex',
  warm: true,
  build(snapshot) {
    if (snapshot.songs.length > BUILT_AT_ONCE_UP_TO) return buildInSlices(snapshot);
    const index = new CatalogueIndex();
    index.addAll(snapshot.songs);
    index.finish();
    return withRankings(index);
  },
  apply({ index }, _next, { added = [], replaced = [], deleted = [] }) {
    for (const id of deleted) index.remove(id);
    for (const song of replaced) index.replace(song);
    // Added songs are newest: indexed last, in list order.
    for (let i = added.length - 1; i >= 0; i -= 1) index.add(added[i]!);
    return withRankings(index);
  },
  stale: ({ index }) => index.removedCount > removedLimit(index),
  // Kept in the snapshot file: after a restart the first search finds it built.
  keep: {
    encode: ({ index }, { songs }) => {
      const placeOf = songPlaces(songs);
      // Ordinals follow the list until songs are removed or replaced.
      return encodeIndex(index.state(), (song, ordinal) => (songs[ordinal] === song ? ordinal : placeOf(song)));
    },
    restore: (bytes, { songs }) => {
      const index = CatalogueIndex.restored(decodeIndex(bytes, songs, { shareSongs: true }));
      if (worthWarming(index)) warmSearches(index);
      return withRankings(index);
    },
  },
};

/**
 * Songs of `snapshot` matching every query word in any order, in name, artist or album: case and
 * accents ignored, the last word as a prefix, typos tolerated. Ranked: whole-word matches before
 * prefix before typo matches, then name before artist before album, then relevance, then name.
 * The catalogue search (searchCatalogue.ts) is the way in.
 */
export function searchSongIndex(
  catalogue: Catalogue,
  snapshot: SongListSnapshot,
  terms: string[],
  { limit, offset = 0 }: { limit: number; offset?: number },
): Song[] {
  if (terms.length === 0) return [];
  const built = catalogue.ready(searchIndexView, snapshot);
  // While the index is being built (after a start or a catalogue change), whole words and
  // prefixes are found by a bounded scan instead of making the search wait for the build.
  if (!built) return scanMatches(snapshot, terms, offset + limit).slice(offset);
  const { index, rankings: cache } = built;
  // People type the same few words over and over (and each keystroke repeats the last query's
  // prefix); a ranking is kept per catalogue snapshot, so a song write starts afresh.
  const key = terms.join(' ');
  const wanted = offset + limit;
  let ranking = cache.get(key);
  if (!ranking || (!ranking.complete && ranking.songs.length < wanted)) {
    ranking = rank(index, terms, Math.max(wanted, RANKED_AT_LEAST));
    cache.set(key, ranking);
  }
  return ranking.songs.slice(offset, wanted);
}

/** Rankings kept per snapshot; each holds at least this many songs (a page and the next ones). */
const RANKINGS_KEPT = 1000;
const RANKED_AT_LEAST = 50;
/** A ranking's best songs, and whether they are every match there is. */
interface Ranking {
  songs: Song[];
  complete: boolean;
}

function rank(index: CatalogueIndex, terms: string[], wanted: number): Ranking {
  const { found, complete } = index.best(terms, wanted);
  return { songs: found, complete };
}

/** How many songs a scan looks at before it stops looking for more matches. */
const SCAN_MATCHES_KEPT = 500;

/**
 * Songs whose name, artist or album hold every query word as a whole word or (the last) as a
 * prefix, newest first: what a search answers while the index is built. At most `wanted`.
 */
function scanMatches(snapshot: SongListSnapshot, terms: string[], wanted: number): Song[] {
  const out: Song[] = [];
  const limit = Math.min(wanted, SCAN_MATCHES_KEPT);
  for (const song of snapshot.songs) {
    const text = `${song.name} ${song.artist} ${song.album ?? ''}`;
    // Cheap first look (lower case only: accented names wait for the index).
    const lower = text.toLowerCase();
    if (!terms.every((term) => lower.includes(term))) continue;
    const words = queryTerms(text);
    const matches = terms.every((term, i) =>
      i === terms.length - 1 ? words.some((word) => word.startsWith(term)) : words.includes(term),
    );
    if (matches && out.push(song) >= limit) break;
  }
  return out;
}
