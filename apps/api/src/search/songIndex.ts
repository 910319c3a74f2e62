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

/** Builds the current snapshot's index ahead of the first search (after start-up). */
export async function warmSongIndex(): Promise<void> {
  indexOf(await songListSnapshot());
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
export async function searchCatalogue(query: string, { limit, offset = 0 }: SongSearch): Promise<Song[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const snapshot = await songListSnapshot();
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
  return ranked.slice(offset, offset + limit).map(({ song }) => song);
}
