import { escapeRegExp, type Playlist, type PlaylistInput, type Song } from '@samaa/shared';
import { songListSnapshot } from '../songs/songCatalogue.repo.js';
import { withSongs } from '../playlists/playlists.service.js';
import { playlistsOf } from '../playlists/playlists.repo.js';
import { searchCatalogue } from './songIndex.js';
import { createTextIndex, matchTier, queryTerms } from './textIndex.js';

export const SEARCH_RESULT_LIMIT = 20;

/** A query of punctuation only ("? (") has no words: it matches names that contain it as typed. */
async function literalMatches(query: string): Promise<Song[]> {
  const literal = new RegExp(escapeRegExp(query.trim()), 'i');
  const { songs } = await songListSnapshot();
  return songs.filter((song) => literal.test(song.name) || literal.test(song.artist)).slice(0, SEARCH_RESULT_LIMIT);
}

/** GET /api/search's songs: the catalogue index (songIndex.ts), at most 20. */
export async function searchSongs(query: string): Promise<Song[]> {
  if (queryTerms(query).length === 0) return literalMatches(query);
  return searchCatalogue(query, { limit: SEARCH_RESULT_LIMIT });
}

/** The user's own playlists whose name matches, ranked like the songs, with their songs. */
export async function searchOwnPlaylists(userId: string, query: string): Promise<Playlist[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const records = await playlistsOf(userId);
  if (records.length === 0) return [];
  const index = createTextIndex<PlaylistInput & { _id: string }>(['name'], { name: 1 });
  index.addAll(records);
  const byId = new Map(records.map((record) => [record._id, record]));
  const ranked = index
    .search(query)
    .map((result) => ({ result, tier: matchTier(result, terms, ['name']), name: byId.get(result.id as string)!.name }))
    .sort((a, b) => a.tier.kind - b.tier.kind || b.result.score - a.result.score || a.name.localeCompare(b.name))
    .slice(0, SEARCH_RESULT_LIMIT);
  return withSongs(ranked.map(({ result }) => byId.get(result.id as string)!));
}
