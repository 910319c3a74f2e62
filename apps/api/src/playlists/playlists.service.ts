import mongoose from 'mongoose';
import { CATALOGUE_MESSAGES, type Playlist, type PlaylistInput, type Song } from '@samaa/shared';
import { forbidden, notFound } from '../http/errors.js';
import { SONG_FIELDS, toSong, type SongDoc } from '../songs/song.model.js';
import { songExists } from '../songs/songs.service.js';
import { songsById } from '../songs/songListCache.js';
import { PlaylistModel } from './playlist.model.js';
import { indexPlaylist, playlistDocsOf, unindexPlaylist } from './playlistIndex.js';

/** One populate per query (a single $in over every playlist's songs), never one per playlist. */
export const POPULATE_SONGS = { path: 'songs', select: SONG_FIELDS } as const;

export interface PopulatedPlaylistDoc {
  _id: mongoose.Types.ObjectId;
  name: string;
  desc?: string | null;
  img?: string | null;
  songs: unknown[];
  user: mongoose.Types.ObjectId;
}

export function toPlaylist(doc: PopulatedPlaylistDoc): Playlist {
  // Populate drops songs deleted meanwhile; keep only real song documents.
  const songs: Song[] = (doc.songs as (SongDoc | null)[])
    .filter((s): s is SongDoc => s !== null && typeof s === 'object' && 'name' in s)
    .map(toSong);
  return {
    _id: String(doc._id),
    name: doc.name,
    desc: doc.desc ?? '',
    img: doc.img ?? '',
    songs,
    user: String(doc.user),
  };
}

/**
 * Fills in the playlists' songs from the cached catalogue (songsById) instead of populate, whose
 * `_id: {$in}` query scans the whole songs collection on FerretDB (bench/results.md: seconds per
 * request at 10,000 songs). Songs deleted meanwhile are dropped, as with populate.
 */
export async function withSongs(docs: PopulatedPlaylistDoc[]): Promise<Playlist[]> {
  if (docs.length === 0) return [];
  const byId = await songsById();
  return docs.map((doc) => toPlaylist({ ...doc, songs: doc.songs.map((id) => byId.get(String(id)) ?? null) }));
}

async function populated(id: string): Promise<Playlist> {
  const doc = await PlaylistModel.findById(id).lean<PopulatedPlaylistDoc>();
  if (!doc) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return (await withSongs([doc]))[0]!;
}

/** 404 when the playlist does not exist, 403 when it is someone else's. */
async function assertOwner(playlistId: string, userId: string): Promise<void> {
  const doc = await PlaylistModel.findById(playlistId).select('user').lean();
  if (!doc) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (String(doc.user) !== userId) throw forbidden();
}

export async function createPlaylist(userId: string, input: PlaylistInput): Promise<Playlist> {
  const doc = await PlaylistModel.create({ ...input, user: userId, songs: [] });
  await indexPlaylist(userId, doc._id);
  return toPlaylist(doc.toObject());
}

/** Newest first, read through the per-user index (playlistIndex.ts). */
export async function userPlaylists(userId: string): Promise<Playlist[]> {
  return withSongs(await playlistDocsOf(userId));
}

export async function ownPlaylist(playlistId: string, userId: string): Promise<Playlist> {
  await assertOwner(playlistId, userId);
  return populated(playlistId);
}

export async function updatePlaylist(playlistId: string, userId: string, input: PlaylistInput): Promise<Playlist> {
  await assertOwner(playlistId, userId);
  const set: Partial<PlaylistInput> = { name: input.name };
  if (input.desc !== undefined) set.desc = input.desc;
  if (input.img !== undefined) set.img = input.img;
  await PlaylistModel.updateOne({ _id: playlistId, user: userId }, { $set: set }, { runValidators: true });
  return populated(playlistId);
}

export async function deletePlaylist(playlistId: string, userId: string): Promise<void> {
  await assertOwner(playlistId, userId);
  await unindexPlaylist(userId, playlistId);
  await PlaylistModel.deleteOne({ _id: playlistId, user: userId });
}

/** Adds ($addToSet: never a duplicate) or removes ($pull) an existing song in an own playlist. */
async function changeSongs(
  operator: '$addToSet' | '$pull',
  playlistId: string,
  songId: string,
  userId: string,
): Promise<Playlist> {
  await assertOwner(playlistId, userId);
  if (!(await songExists(songId))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  const song = new mongoose.Types.ObjectId(songId);
  await PlaylistModel.updateOne({ _id: playlistId, user: userId }, { [operator]: { songs: song } });
  return populated(playlistId);
}

export function addSong(playlistId: string, songId: string, userId: string): Promise<Playlist> {
  return changeSongs('$addToSet', playlistId, songId, userId);
}

export function removeSong(playlistId: string, songId: string, userId: string): Promise<Playlist> {
  return changeSongs('$pull', playlistId, songId, userId);
}
