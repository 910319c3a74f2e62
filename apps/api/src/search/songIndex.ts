import { LRUCache } from 'lru-cache';
import type { SearchResult } from 'minisearch';
import type { Song } from '@samaa/shared';
import { onCataloguePatched, songListSnapshot, songsByIdOf, type SongListSnapshot } from '../songs/songCatalogue.repo.js';
import { createTextIndex, fuzziness, matchTier, queryTerms } from './textIndex.js';

const FIELDS: ('name' | 'artist' | 'album')[] = ['name', 'artist', 'album'];
const BOOST = { name: 3, artist: 2, album: 1 };

type Index = ReturnType<typeof createTextIndex<Song>>;
const indexes = new WeakMap<SongListSnapshot, Index>();
/** Index builds under way, one per snapshot: searches meanwhile are answered by `scanMatches`. */
const building = new WeakMap<SongListSnapshot, Promise<Index>>();

/**
 * Builds a snapshot's index in chunks that let requests in between: built at once, 100,000 songs
 * held the event loop for seconds, and every request (the health check too) waited for it.
 */
function buildIndex(snapshot: SongListSnapshot): Promise<Index> {
  let pending = building.get(snapshot);
  if (!pending) {
    const index = createTextIndex<Song>(FIELDS, BOOST);
    pending = index.addAllAsync(snapshot.songs, { chunkSize: 500 }).then(() => {
      if (!indexes.has(snapshot)) indexes.set(snapshot, index);
      building.delete(snapshot);
      return indexes.get(snapshot)!;
    });
    pending.catch(() => building.delete(snapshot));
    building.set(snapshot, pending);
  }
  return pending;
}

/**
 * A write of this process patched the catalogue: its index moves to the new snapshot with the same
 * change (the old snapshot is no longer served), where building it again took seconds at 100,000
 * songs. Rankings are kept per snapshot, so none made before the change is reused.
 */
onCataloguePatched((base, next, { added = [], replaced = [], deleted = [] }) => {
  const index = indexes.get(base);
  if (!index) return;
  indexes.delete(base);
  for (const id of deleted) if (index.has(id)) index.discard(id);
  for (const song of [...replaced, ...added]) {
    if (index.has(song._id)) index.replace(song);
    else index.add(song);
  }
  indexes.set(next, index);
});

/** Up to this many songs an index is built at once (tens of milliseconds) where a search needs it. */
const BUILT_AT_ONCE_UP_TO = 5000;

/**
 * The snapshot's index when built (or small enough to build now); otherwise undefined, and its
 * build started in the background.
 */
function readyIndexOf(snapshot: SongListSnapshot): Index | undefined {
  let index = indexes.get(snapshot);
  if (!index && snapshot.songs.length <= BUILT_AT_ONCE_UP_TO) {
    index = createTextIndex<Song>(FIELDS, BOOST);
    index.addAll(snapshot.songs);
    indexes.set(snapshot, index);
  }
  if (!index) void buildIndex(snapshot).catch(() => undefined);
  return index;
}

/** Builds the current snapshot's index ahead of the first search (after start-up). */
export async function warmSongIndex(): Promise<void> {
  const snapshot = await songListSnapshot();
  if (!indexes.has(snapshot)) await buildIndex(snapshot);
}

export interface SongSearch {
  limit: number;
  offset?: number;
}

/**
 * Songs matching every word of the query in any order, in name, artist or album: case and
 * accents ignored, the last word as a prefix, typos tolerated. Ranked: whole-word matches before
 * prefix before typo matches, then name before artist before album, then relevance, then name.
 */
export async function searchCatalogue(
  query: string,
  { limit, offset = 0 }: SongSearch,
  snapshot?: SongListSnapshot,
): Promise<Song[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  snapshot ??= await songListSnapshot();
  const index = readyIndexOf(snapshot);
  // While the index is being built (after a start or a catalogue change), whole words and
  // prefixes are found by a bounded scan instead of making the search wait for the build.
  if (!index) return scanMatches(snapshot, terms, offset + limit).slice(offset);
  // People type the same few words over and over (and each keystroke repeats the last query's
  // prefix); a ranking is kept per catalogue snapshot, so a song write starts afresh.
  const key = terms.join(' ');
  let cache = rankings.get(snapshot);
  if (!cache) {
    cache = new LRUCache<string, Ranking>({ max: RANKINGS_KEPT });
    rankings.set(snapshot, cache);
  }
  const wanted = offset + limit;
  let ranking = cache.get(key);
  if (!ranking || (!ranking.complete && ranking.songs.length < wanted)) {
    ranking = rank(snapshot, index, query, terms, wanted);
    cache.set(key, { songs: ranking.songs.slice(0, RANKED_KEPT), complete: ranking.complete || ranking.songs.length > RANKED_KEPT });
  }
  return ranking.songs.slice(offset, wanted);
}

/** Rankings kept per snapshot, and how many songs of each. */
const RANKINGS_KEPT = 1000;
const RANKED_KEPT = 500;
/** A ranking, and whether it holds every match (or only the whole-word and prefix ones). */
interface Ranking {
  songs: Song[];
  complete: boolean;
}
const rankings = new WeakMap<SongListSnapshot, LRUCache<string, Ranking>>();

/** MiniSearch's term tree (a radix tree; not in its typings, stable through v7). */
interface TermTree {
  has(term: string): boolean;
  atPrefix(prefix: string): { size: number };
}
const termTreeOf = (index: Index) => (index as unknown as { _index: TermTree })._index;

/**
 * Whole-word and prefix matches rank before typo matches, so the first search looks for typos
 * only in the words that have no whole-word (or, for the word being typed, prefix) match in the
 * catalogue: the typo search is the costly part, a walk of the whole term tree per word. When that
 * fills the page it is the answer; otherwise every word may match with a typo, as before.
 */
function rank(snapshot: SongListSnapshot, index: Index, query: string, terms: string[], wanted: number): Ranking {
  const tree = termTreeOf(index);
  const last = terms.length - 1;
  const found = terms.map((term, i) => (i === last ? tree.atPrefix(term).size > 0 : tree.has(term)));
  const fuzzyOnlyWhereMissing = (term: string, i: number) => (found[i] ? false : fuzziness(term));
  const first = index.search(query, { fuzzy: fuzzyOnlyWhereMissing });
  if (first.length >= wanted) return { songs: ranked(snapshot, first, terms), complete: false };
  return { songs: ranked(snapshot, index.search(query), terms), complete: true };
}

function ranked(snapshot: SongListSnapshot, results: SearchResult[], terms: string[]): Song[] {
  const byId = songsByIdOf(snapshot);
  return results
    .flatMap((result) => {
      const song = byId.get(result.id as string);
      return song ? [{ song, score: result.score, tier: matchTier(result, terms, FIELDS) }] : [];
    })
    .sort(
      (a, b) =>
        a.tier.kind - b.tier.kind ||
        a.tier.field - b.tier.field ||
        b.score - a.score ||
        (a.song.name < b.song.name ? -1 : a.song.name > b.song.name ? 1 : 0),
    )
    .map(({ song }) => song);
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
