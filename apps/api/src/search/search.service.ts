import { LRUCache } from 'lru-cache';
import type { AlbumHit, ArtistHit, CatalogueSearchAnswer, Playlist, PlaylistInput } from '@samaa/shared';
import type { Catalogue, CatalogueView } from '../songs/songs.service.js';
import { withSongs } from '../playlists/playlists.service.js';
import { playlistRecordsOf, type PlaylistDeps, type PlaylistRecord } from '../playlists/playlists.service.js';
import { searchCatalogue } from './searchCatalogue.js';
import { createTextIndex, matchTier, queryTerms } from './textIndex.js';

export const SEARCH_RESULT_LIMIT = 20;

/** GET /api/search's songs (the catalogue search, at most 20), serialised once per catalogue snapshot and query. */
export interface SongsAnswer {
  songsJson: string;
}

/**
 * Answers kept per catalogue snapshot and query: most of a search's cost was turning the same 20
 * songs into JSON again for every keystroke of every listener. The route keeps each answer's
 * gzipped body beside it (http/encodedBody.ts `gzipOnce`) for as long as the answer is kept.
 */
const ANSWERS_KEPT = 1000;
/** A view of the catalogue, never patched: a song write starts afresh. */
export const searchAnswersView: CatalogueView<LRUCache<string, SongsAnswer>> = {
  name: 'searchAnswers',
  build: () => new LRUCache<string, SongsAnswer>({ max: ANSWERS_KEPT }),
};

export async function searchSongsAnswer(catalogue: Catalogue, query: string): Promise<SongsAnswer> {
  const snapshot = await catalogue.snapshot();
  const terms = queryTerms(query);
  const key = terms.length ? `w ${terms.join(' ')}` : `l ${query.trim()}`;
  const cache = catalogue.ready(searchAnswersView, snapshot)!;
  let answer = cache.get(key);
  if (!answer) {
    const { songs } = await searchCatalogue(catalogue, query, { songs: { limit: SEARCH_RESULT_LIMIT } }, snapshot);
    answer = { songsJson: JSON.stringify(songs) };
    cache.set(key, answer);
  }
  return answer;
}

/** Albums and artists answered per search, each: a few, shown beside the songs as the listener types. */
export const CATALOGUE_HITS_LIMIT = 8;


/** GET /api/search/catalogue: the albums and artists of the one catalogue search (the words search3 uses). */
export async function searchAlbumsAndArtists(catalogue: Catalogue, query: string): Promise<CatalogueSearchAnswer> {
  const page = { limit: CATALOGUE_HITS_LIMIT };
  const found = await searchCatalogue(catalogue, query, { albums: page, artists: page });
  const albums = found.albums.map(
    (album): AlbumHit => ({
      id: album.id,
      name: album.name,
      artist: album.artist,
      ...(album.year ? { year: album.year } : {}),
      songCount: album.songs.length,
      img: album.cover?.img || undefined,
    }),
  );
  const artists = found.artists.map(
    (artist): ArtistHit => ({
      id: artist.id,
      name: artist.name,
      albumCount: artist.albums.length,
      img: artist.cover?.img || undefined,
    }),
  );
  return { albums, artists };
}

export const bodyOf = (songsJson: string, playlistsJson: string) => `{"songs":${songsJson},"playlists":${playlistsJson}}`;

type Indexed = PlaylistInput & { _id: string };
/**
 * Each playlist list's index and the rankings already made from it, kept as long as the list
 * itself is (the playlists service caches it): most searches match none of a user's playlists,
 * and running the index again for each keystroke was a visible part of a search's CPU
 * (docs/performance.md).
 */
interface PlaylistSearch {
  index: ReturnType<typeof createTextIndex<Indexed>>;
  ranked: LRUCache<string, readonly PlaylistRecord[]>;
}
// eslint-disable-next-line no-restricted-syntax -- pure memo: an index of a kept playlist list, dropped with the list
const playlistSearches = new WeakMap<readonly PlaylistRecord[], PlaylistSearch>();
const RANKINGS_KEPT_PER_LIST = 64;
const NONE: readonly PlaylistRecord[] = [];

function playlistSearchOf(records: readonly PlaylistRecord[]): PlaylistSearch {
  let search = playlistSearches.get(records);
  if (!search) {
    const index = createTextIndex<Indexed>(['name'], { name: 1 });
    index.addAll(records);
    search = { index, ranked: new LRUCache({ max: RANKINGS_KEPT_PER_LIST }) };
    playlistSearches.set(records, search);
  }
  return search;
}

function rankPlaylists(records: readonly PlaylistRecord[], { index }: PlaylistSearch, query: string, terms: string[]) {
  const byId = new Map(records.map((record) => [record._id, record]));
  const ranked = index
    .search(query)
    .map((result) => ({ result, tier: matchTier(result, terms, ['name']), name: byId.get(result.id as string)!.name }))
    .sort((a, b) => a.tier.kind - b.tier.kind || b.result.score - a.result.score || a.name.localeCompare(b.name))
    .slice(0, SEARCH_RESULT_LIMIT);
  return ranked.length === 0 ? NONE : ranked.map(({ result }) => byId.get(result.id as string)!);
}

/** The user's own playlists whose name matches, ranked like the songs, with their songs. */
export async function searchOwnPlaylists(deps: PlaylistDeps, userId: string, query: string): Promise<Playlist[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const records = await playlistRecordsOf(deps, userId);
  if (records.length === 0) return [];
  const search = playlistSearchOf(records);
  const key = terms.join(' ');
  let ranked = search.ranked.get(key);
  if (!ranked) {
    ranked = rankPlaylists(records, search, query, terms);
    search.ranked.set(key, ranked);
  }
  return ranked.length === 0 ? [] : withSongs(deps.catalogue, ranked);
}
