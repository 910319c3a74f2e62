import type mongoose from 'mongoose';
import { escapeRegExp, type Playlist, type Song } from '@samaa/shared';
import { songListSnapshot } from '../songs/songListCache.js';
import {
  POPULATE_SONGS,
  toPlaylist,
  type PopulatedPlaylistDoc,
} from '../playlists/playlists.service.js';
import { PlaylistModel } from '../playlists/playlist.model.js';

export const SEARCH_RESULT_LIMIT = 20;

type Find<D> = (pattern: RegExp, exclude: mongoose.Types.ObjectId[], limit: number) => Promise<D[]>;

/**
 * Two bounded queries (for the user's playlists): an anchored (prefix) pattern first, then the
 * inner match for the rest of the budget, so prefix matches always rank first. The query is
 * escaped, so it is matched literally and cannot build a pathological pattern.
 */
async function rankedSearch<D extends { _id: mongoose.Types.ObjectId }>(query: string, find: Find<D>) {
  const literal = escapeRegExp(query);
  const prefix = await find(new RegExp(`^${literal}`, 'i'), [], SEARCH_RESULT_LIMIT);
  const room = SEARCH_RESULT_LIMIT - prefix.length;
  if (room <= 0) return prefix;
  const inner = await find(new RegExp(literal, 'i'), prefix.map((d) => d._id), room);
  return [...prefix, ...inner];
}

const BY_NAME = { name: 1, _id: 1 } as const;
const notIn = (ids: mongoose.Types.ObjectId[]) => (ids.length ? { _id: { $nin: ids } } : {});

const byName = (a: Song, b: Song) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * Songs whose name or artist matches, case-insensitively: prefix matches first, then inner ones,
 * each group by name. Runs over the cached catalogue snapshot (the same one GET /api/songs
 * serves): FerretDB cannot use an index for a case-insensitive regex, so two database passes
 * would scan the whole collection twice per search.
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
  const docs = await rankedSearch(query, (pattern, exclude, limit) =>
    PlaylistModel.find({ user: userId, name: pattern, ...notIn(exclude) })
      .sort(BY_NAME)
      .limit(limit)
      .populate(POPULATE_SONGS)
      .lean<PopulatedPlaylistDoc[]>(),
  );
  return docs.map(toPlaylist);
}
