import { escapeRegExp, type Playlist, type Song } from '@samaa/shared';
import { songListSnapshot } from '../songs/songCatalogue.repo.js';
import { withSongs } from '../playlists/playlists.service.js';
import { playlistsOf, type PlaylistRecord } from '../playlists/playlists.repo.js';

export const SEARCH_RESULT_LIMIT = 20;

const byName = (a: { name: string; _id: string }, b: { name: string; _id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * Songs whose name or artist matches, case-insensitively: prefix matches first, then inner ones,
 * each group by name. Runs over the cached catalogue snapshot (the same one GET /api/songs serves).
 */
export async function searchSongs(query: string): Promise<Song[]> {
  const literal = escapeRegExp(query);
  const prefix = new RegExp(`^${literal}`, 'i');
  const inner = new RegExp(literal, 'i');
  const { songs } = await songListSnapshot();
  const first: Song[] = [];
  const rest: Song[] = [];
  for (const song of songs) {
    if (prefix.test(song.name) || prefix.test(song.artist)) first.push(song);
    else if (first.length < SEARCH_RESULT_LIMIT && (inner.test(song.name) || inner.test(song.artist))) {
      rest.push(song);
    }
  }
  const ranked = first.sort(byName).slice(0, SEARCH_RESULT_LIMIT);
  return ranked.concat(rest.sort(byName).slice(0, SEARCH_RESULT_LIMIT - ranked.length));
}

/** The user's own playlists whose name matches, with their songs. */
export async function searchOwnPlaylists(userId: string, query: string): Promise<Playlist[]> {
  // The listener's (few) playlists, ranked here like the songs.
  const literal = escapeRegExp(query);
  const prefix = new RegExp(`^${literal}`, 'i');
  const inner = new RegExp(literal, 'i');
  const docs = await playlistsOf(userId);
  const rank = (doc: PlaylistRecord) => (prefix.test(doc.name) ? 0 : inner.test(doc.name) ? 1 : 2);
  const ranked = docs
    .map((doc) => ({ doc, rank: rank(doc), key: { name: doc.name, _id: String(doc._id) } }))
    .filter((entry) => entry.rank < 2)
    .sort((a, b) => a.rank - b.rank || byName(a.key, b.key))
    .slice(0, SEARCH_RESULT_LIMIT);
  return withSongs(ranked.map((entry) => entry.doc));
}
