import { escapeRegExp, type Song } from '@samaa/shared';
import type { Catalogue, SongListSnapshot } from '../songs/songs.service.js';
import { libraryView, type AlbumEntry, type ArtistEntry } from '../subsonic/library.js';
import { searchIndexView, searchSongIndex, warmSearchesInTurns, worthWarming } from './songIndex.js';
import { queryTerms } from './textIndex.js';

/*
 * The one catalogue search: the web's search (GET /api/search, which the playlist import's "search
 * for another" uses too), Subsonic's search3, search2 and getLyrics. Songs come from the search
 * index (songIndex.ts), artists and albums from the Subsonic library's word indexes.
 */

/** A page of one kind of result. */
export interface SearchPage {
  offset?: number;
  limit: number;
}

/** The kinds asked for, each with its page; a kind not asked for is answered empty. */
export interface SearchKinds {
  songs?: SearchPage;
  albums?: SearchPage;
  artists?: SearchPage;
  /** Subsonic's rule: an empty query (or `""`) pages the whole catalogue. Otherwise it matches songs literally. */
  emptyPagesAll?: boolean;
}

export interface CatalogueSearchResult {
  songs: Song[];
  albums: AlbumEntry[];
  artists: ArtistEntry[];
}

/** No words at all, or Subsonic's `""`: the whole catalogue, paged (how Subsonic apps sync a library). */
const isWholeCatalogue = (query: string) => query.replace(/["*\s]/g, '') === '';

const pageOf = <T>(items: readonly T[], { offset = 0, limit }: SearchPage) => items.slice(offset, offset + limit);

/** A query of punctuation only ("? (") has no words: it matches names and artists that contain it as typed. */
function literalMatches(query: string, { songs }: SongListSnapshot, { offset = 0, limit }: SearchPage): Song[] {
  const literal = new RegExp(escapeRegExp(query.trim()), 'i');
  const found: Song[] = [];
  for (const song of songs) {
    if (!literal.test(song.name) && !literal.test(song.artist)) continue;
    if (found.push(song) >= offset + limit) break;
  }
  return found.slice(offset);
}

/**
 * Every word of the query must match, in any order: songs by name, artist or album; albums by name
 * or artist; artists by name. Case and accents are ignored, the last word matches as a prefix and
 * typos are tolerated (songIndex.ts). A query without words matches song names and artists as
 * typed; with `emptyPagesAll`, an empty one (or `""`) pages the whole catalogue instead: songs
 * newest first, albums and artists in the library's order.
 */
export async function searchCatalogue(
  catalogue: Catalogue,
  query: string,
  kinds: SearchKinds,
  snapshot?: SongListSnapshot,
): Promise<CatalogueSearchResult> {
  snapshot ??= await catalogue.snapshot();
  const whole = kinds.emptyPagesAll === true && isWholeCatalogue(query);
  const words = queryTerms(query);
  const result: CatalogueSearchResult = { songs: [], albums: [], artists: [] };
  if (kinds.songs && kinds.songs.limit > 0) {
    if (whole) result.songs = pageOf(snapshot.songs, kinds.songs);
    else if (words.length === 0) result.songs = literalMatches(query, snapshot, kinds.songs);
    else result.songs = await searchSongIndex(catalogue, snapshot, words, kinds.songs);
  }
  const { albums, artists } = kinds;
  if ((albums && albums.limit > 0) || (artists && artists.limit > 0)) {
    const library = await catalogue.viewOf(libraryView, snapshot);
    const best = <T>(page: SearchPage | undefined, all: readonly T[], index: { best(terms: string[], wanted: number): { found: T[] } }) => {
      if (!page || page.limit === 0) return [];
      if (whole) return pageOf(all, page);
      const { offset = 0, limit } = page;
      return words.length === 0 ? [] : index.best(words, offset + limit).found.slice(offset);
    };
    result.artists = best(artists, library.artists, library.artistIndex);
    result.albums = best(albums, library.albums, library.albumIndex);
  }
  return result;
}

/**
 * Once a large catalogue's kept views are restored (or built) after a start, each of its word
 * indexes is searched a few times, one search a turn. The three share one class: making the
 * library's indexes after the song index was warmed changed what the compiled search code had
 * assumed of its objects, and the first search after a restart ran uncompiled again
 * (docs/performance.md).
 */
export async function warmCatalogueSearch(catalogue: Catalogue): Promise<void> {
  const snapshot = await catalogue.snapshot();
  const songs = catalogue.built(searchIndexView, snapshot)?.index;
  if (!songs || !worthWarming(songs)) return;
  const library = catalogue.built(libraryView, snapshot);
  await warmSearchesInTurns(library ? [songs, library.albumIndex, library.artistIndex] : [songs]);
}
