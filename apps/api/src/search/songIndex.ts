import { LRUCache } from 'lru-cache';
import type { Song } from '@samaa/shared';
import { onCataloguePatched, songListSnapshot, type SongListSnapshot } from '../songs/songs.service.js';
import { CatalogueIndex } from './catalogueIndex.js';
import { queryTerms } from './textIndex.js';

const indexes = new WeakMap<SongListSnapshot, CatalogueIndex>();
/** Index builds under way, one per snapshot: searches meanwhile are answered by `scanMatches`. */
const building = new WeakMap<SongListSnapshot, Promise<CatalogueIndex>>();
/** Songs indexed between two yields to the event loop. */
const BUILD_CHUNK = 2000;

/**
 * Builds a snapshot's index in chunks that let requests in between: built at once, 100,000 songs
 * would hold the event loop for a few hundred milliseconds, and every request (the health check
 * too) would wait for it.
 */
function buildIndex(snapshot: SongListSnapshot): Promise<CatalogueIndex> {
  let pending = building.get(snapshot);
  if (!pending) {
    pending = (async () => {
      const index = new CatalogueIndex();
      const { songs } = snapshot;
      for (let from = 0; from < songs.length; from += BUILD_CHUNK) {
        index.addAll(songs, from, Math.min(songs.length, from + BUILD_CHUNK));
        await new Promise((resolve) => setImmediate(resolve));
      }
      index.finish();
      index.compact();
      const kept = indexes.get(snapshot);
      // A rebuild that drops removed songs' entries replaces the patched index it was started from.
      if (!kept || kept.removedCount > 0) indexes.set(snapshot, index);
      building.delete(snapshot);
      return indexes.get(snapshot)!;
    })();
    pending.catch(() => building.delete(snapshot));
    building.set(snapshot, pending);
  }
  return pending;
}

/** Past this many removed (or replaced) songs, the index is built again in the background. */
const removedLimit = (index: CatalogueIndex) => 1000 + index.size / 4;

/**
 * A write of this process patched the catalogue: its index moves to the new snapshot with the same
 * change (the old snapshot is no longer served), where building it again took a while at 100,000
 * songs. Rankings are kept per snapshot, so none made before the change is reused.
 */
onCataloguePatched((base, next, { added = [], replaced = [], deleted = [] }) => {
  const index = indexes.get(base);
  if (!index) return;
  indexes.delete(base);
  for (const id of deleted) index.remove(id);
  for (const song of replaced) index.replace(song);
  // Added songs are newest: indexed last, in list order.
  for (let i = added.length - 1; i >= 0; i -= 1) index.add(added[i]!);
  indexes.set(next, index);
  if (index.removedCount > removedLimit(index)) void buildIndex(next).catch(() => undefined);
});

/** Up to this many songs an index is built at once (a few milliseconds) where a search needs it. */
const BUILT_AT_ONCE_UP_TO = 5000;

/**
 * The snapshot's index when built (or small enough to build now); otherwise undefined, and its
 * build started in the background.
 */
function readyIndexOf(snapshot: SongListSnapshot): CatalogueIndex | undefined {
  let index = indexes.get(snapshot);
  if (!index && snapshot.songs.length <= BUILT_AT_ONCE_UP_TO) {
    index = new CatalogueIndex();
    index.addAll(snapshot.songs);
    index.finish();
    indexes.set(snapshot, index);
  }
  if (!index) void buildIndex(snapshot).catch(() => undefined);
  return index;
}

/** The index of the current snapshot, built now if need be (tests and tools). */
export async function songIndexOf(snapshot?: SongListSnapshot): Promise<CatalogueIndex> {
  snapshot ??= await songListSnapshot();
  return indexes.get(snapshot) ?? buildIndex(snapshot);
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
const rankings = new WeakMap<SongListSnapshot, LRUCache<string, Ranking>>();

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
