import { LRUCache } from 'lru-cache';
import type { Song } from '@samaa/shared';
import { songListSnapshot, songsByIdOf, type SongListSnapshot } from '../songs/songCatalogue.repo.js';
import { createTextIndex, matchTier, queryTerms } from './textIndex.js';

const FIELDS: ('name' | 'artist' | 'album')[] = ['name', 'artist', 'album'];
const BOOST = { name: 3, artist: 2, album: 1 };

type Index = ReturnType<typeof createTextIndex<Song>>;
const indexes = new WeakMap<SongListSnapshot, Index>();

/** The index of one catalogue snapshot, built on first use (a new snapshot after every song write). */
function indexOf(snapshot: SongListSnapshot): Index {
  let index = indexes.get(snapshot);
  if (!index) {
    index = createTextIndex<Song>(FIELDS, BOOST);
    index.addAll(snapshot.songs);
    indexes.set(snapshot, index);
  }
  return index;
}

/**
 * Builds the current snapshot's index ahead of the first search (after start-up), in chunks that
 * let requests in between: built at once, 10,000 songs held the event loop for 150 ms, and the
 * first health check waited for it. A search before it is done builds its own.
 */
export async function warmSongIndex(): Promise<void> {
  const snapshot = await songListSnapshot();
  if (indexes.has(snapshot)) return;
  const index = createTextIndex<Song>(FIELDS, BOOST);
  await index.addAllAsync(snapshot.songs, { chunkSize: 500 });
  if (!indexes.has(snapshot)) indexes.set(snapshot, index);
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
  // People type the same few words over and over (and each keystroke repeats the last query's
  // prefix); a ranking is kept per catalogue snapshot, so a song write starts afresh.
  const key = terms.join(' ');
  let cache = rankings.get(snapshot);
  if (!cache) {
    cache = new LRUCache<string, Song[]>({ max: RANKINGS_KEPT });
    rankings.set(snapshot, cache);
  }
  const cached = cache.get(key);
  if (cached && offset + limit <= RANKED_KEPT) return cached.slice(offset, offset + limit);
  const ranked = rank(snapshot, query, terms);
  cache.set(key, ranked.slice(0, RANKED_KEPT));
  return ranked.slice(offset, offset + limit);
}

/** Rankings kept per snapshot, and how many songs of each. */
const RANKINGS_KEPT = 1000;
const RANKED_KEPT = 500;
const rankings = new WeakMap<SongListSnapshot, LRUCache<string, Song[]>>();

function rank(snapshot: SongListSnapshot, query: string, terms: string[]): Song[] {
  const byId = songsByIdOf(snapshot);
  const ranked = indexOf(snapshot)
    .search(query)
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
    );
  return ranked.map(({ song }) => song);
}
