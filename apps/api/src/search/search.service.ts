import type mongoose from 'mongoose';
import { escapeRegExp, type Playlist, type Song } from '@samaa/shared';
import { SONG_FIELDS, SongModel, toSong } from '../songs/song.model.js';
import {
  POPULATE_SONGS,
  toPlaylist,
  type PopulatedPlaylistDoc,
} from '../playlists/playlists.service.js';
import { PlaylistModel } from '../playlists/playlist.model.js';

export const SEARCH_RESULT_LIMIT = 20;

type Find<D> = (pattern: RegExp, exclude: mongoose.Types.ObjectId[], limit: number) => Promise<D[]>;

/**
 * Two bounded queries: an anchored (prefix) pattern first, then the inner match for the rest of
 * the budget, so prefix matches always rank first. The query is escaped, so it is matched
 * literally and cannot build a pathological pattern.
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

/** Songs whose name or artist matches, case-insensitively. */
export async function searchSongs(query: string): Promise<Song[]> {
  const docs = await rankedSearch(query, (pattern, exclude, limit) =>
    SongModel.find({ $or: [{ name: pattern }, { artist: pattern }], ...notIn(exclude) })
      .select(SONG_FIELDS)
      .sort(BY_NAME)
      .limit(limit)
      .lean(),
  );
  return docs.map(toSong);
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
