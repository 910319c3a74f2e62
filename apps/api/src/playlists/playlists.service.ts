import { CATALOGUE_MESSAGES, type Playlist, type PlaylistInput, type PlaylistSongCount, type Song } from '@samaa/shared';
import { forbidden, notFound } from '../http/errors.js';
import type { EncodedBody } from '../http/encodedBody.js';
import { forgetPlaylist as forgetImportOfPlaylist } from '../playlistImport/playlistImport.service.js';
import { songExists, songsById } from '../songs/songs.service.js';
import {
  addSongToPlaylist,
  deletePlaylistById,
  deletePlaylistsOf,
  findPlaylist,
  insertPlaylist,
  knownOwnerOf,
  playlistsOf,
  removeSongFromAllPlaylists,
  removeSongFromPlaylist,
  replacePlaylistSongs,
  updatePlaylistFields,
  type PlaylistRecord,
} from './playlists.repo.js';
import { populated, userPlaylistsBodyOf } from './userPlaylistsBody.js';

/** Fills in the playlists' songs from the catalogue; songs deleted meanwhile are dropped. */
export async function withSongs(records: readonly PlaylistRecord[]): Promise<Playlist[]> {
  if (records.length === 0) return [];
  return withSongsFrom(await songsById(), records);
}

function withSongsFrom(byId: Map<string, Song>, records: readonly PlaylistRecord[]): Playlist[] {
  return records.map((record) => populated(byId, record));
}

async function withSongsOrNotFound(record: PlaylistRecord | null): Promise<Playlist> {
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return (await withSongs([record]))[0]!;
}

/** 404 when the playlist does not exist, 403 when it is someone else's. */
async function ownedRecord(playlistId: string, userId: string): Promise<PlaylistRecord> {
  const record = await findPlaylist(playlistId);
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (record.user !== userId.toLowerCase()) throw forbidden();
  return record;
}

export async function createPlaylist(userId: string, input: PlaylistInput): Promise<Playlist> {
  return (await withSongs([await insertPlaylist(userId, input)]))[0]!;
}

/** The user's own playlists, newest first. */
export async function userPlaylists(userId: string): Promise<Playlist[]> {
  return withSongs(await playlistsOf(userId));
}

/**
 * GET /api/playlists/user-playlists's body, `{ data }`: made once per kept playlist list and
 * catalogue version, from each playlist's kept JSON (userPlaylistsBody.ts).
 */
export async function userPlaylistsBody(userId: string): Promise<EncodedBody> {
  const [records, byId] = await Promise.all([playlistsOf(userId), songsById()]);
  return userPlaylistsBodyOf(records, byId);
}

export async function ownPlaylist(playlistId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(await ownedRecord(playlistId, userId));
}

export async function updatePlaylist(playlistId: string, userId: string, input: PlaylistInput): Promise<Playlist> {
  await ownedRecord(playlistId, userId);
  return withSongsOrNotFound(await updatePlaylistFields(playlistId, input));
}

export async function deletePlaylist(playlistId: string, userId: string): Promise<void> {
  await ownedRecord(playlistId, userId);
  if (!(await deletePlaylistById(playlistId, userId))) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  await forgetImportOfPlaylist(playlistId);
}

async function changeSongs(
  change: typeof addSongToPlaylist,
  playlistId: string,
  songId: string,
  userId: string,
): Promise<PlaylistRecord> {
  // An own playlist seen before and a song in the catalogue: the write alone answers (null when the
  // playlist went meanwhile). Otherwise the playlist is read first, for a 404 or 403 in that order.
  const songThere = await songExists(songId);
  if (knownOwnerOf(playlistId) !== userId.toLowerCase() || !songThere) {
    await ownedRecord(playlistId, userId);
    if (!songThere) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  }
  const record = await change(playlistId, songId);
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return record;
}

/**
 * Appends an existing song to an own playlist (never twice). Answers the playlist's id and how
 * many entries it holds now, as the add-song answer carries: not the populated playlist.
 */
export async function addSong(playlistId: string, songId: string, userId: string): Promise<PlaylistSongCount> {
  const { _id, songIds, saavnTracks } = await changeSongs(addSongToPlaylist, playlistId, songId, userId);
  return { _id, songs: songIds.length + (saavnTracks?.length ?? 0) };
}

export async function removeSong(playlistId: string, songId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(await changeSongs(removeSongFromPlaylist, playlistId, songId, userId));
}

/** Sets an own playlist's songs, in order (Subsonic's createPlaylist and updatePlaylist). */
export async function replaceSongs(playlistId: string, songIds: readonly string[], userId: string): Promise<Playlist> {
  await ownedRecord(playlistId, userId);
  const catalogue = await songsById();
  if (songIds.some((id) => !catalogue.has(id.toLowerCase()))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return withSongsOrNotFound(await replacePlaylistSongs(playlistId, songIds));
}

// --- what other features use -----------------------------------------------------------------

export { countPlaylists, deletePlaylistById, findPlaylist, insertPlaylist, playlistsOf, replacePlaylistEntries } from './playlists.repo.js';
export type { PlaylistRecord } from './playlists.repo.js';

/** When a user goes: their playlists. */
export function forgetUser(userId: string): Promise<unknown> {
  return deletePlaylistsOf(userId);
}

/** When a song goes: its entries in every playlist. */
export function forgetSong(songId: string): Promise<unknown> {
  return removeSongFromAllPlaylists(songId);
}
