import { CATALOGUE_MESSAGES, PLAYLIST_PAGE, type Playlist, type PlaylistInput, type PlaylistSaavnTrack, type PlaylistSongCount, type Song } from '@samaa/shared';
import { forbidden, notFound } from '../http/errors.js';
import type { EncodedBody } from '../http/encodedBody.js';
import type { AppEventBus } from '../context.js';
import type { Catalogue } from '../songs/songs.service.js';
import {
  addSongToPlaylist,
  deletePlaylistById,
  deletePlaylistsOf,
  findPlaylist,
  insertPlaylist,
  markImported,
  moveSongInPlaylist,
  knownOwnerOf,
  playlistsOf,
  replacePlaylistEntries,
  countPlaylists,
  removeSongFromAllPlaylists,
  removeSongFromPlaylist,
  replacePlaylistSongs,
  updatePlaylistFields,
  type PlaylistRecord,
} from './playlists.repo.js';
import { populated, userPlaylistsBodyOf } from './userPlaylistsBody.js';

/** Fills in the playlists' songs from the catalogue; songs deleted meanwhile are dropped. */
export async function withSongs(catalogue: Catalogue, records: readonly PlaylistRecord[]): Promise<Playlist[]> {
  if (records.length === 0) return [];
  return withSongsFrom(await catalogue.songsById(), records);
}

function withSongsFrom(byId: Map<string, Song>, records: readonly PlaylistRecord[]): Playlist[] {
  return records.map((record) => populated(byId, record));
}

async function withSongsOrNotFound(catalogue: Catalogue, record: PlaylistRecord | null): Promise<Playlist> {
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return (await withSongs(catalogue, [record]))[0]!;
}

/** 404 when the playlist does not exist, 403 when it is someone else's. */
async function ownedRecord(playlistId: string, userId: string): Promise<PlaylistRecord> {
  const record = await findPlaylist(playlistId);
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (record.user !== userId.toLowerCase()) throw forbidden();
  return record;
}

export async function createPlaylist(catalogue: Catalogue, userId: string, input: PlaylistInput): Promise<Playlist> {
  return (await withSongs(catalogue, [await insertPlaylist(userId, input)]))[0]!;
}

/** The user's own playlists, newest first. */
export async function userPlaylists(catalogue: Catalogue, userId: string): Promise<Playlist[]> {
  return withSongs(catalogue, await playlistsOf(userId));
}

/**
 * GET /api/playlists/user-playlists's body, `{ data }`: made once per kept playlist list and
 * catalogue version, from each playlist's kept JSON (userPlaylistsBody.ts).
 */
export async function userPlaylistsBody(catalogue: Catalogue, userId: string): Promise<EncodedBody> {
  const [records, byId] = await Promise.all([playlistsOf(userId), catalogue.songsById()]);
  return userPlaylistsBodyOf(records, byId);
}

export async function ownPlaylist(catalogue: Catalogue, playlistId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(catalogue, await ownedRecord(playlistId, userId));
}

export async function updatePlaylist(catalogue: Catalogue, playlistId: string, userId: string, input: PlaylistInput): Promise<Playlist> {
  await ownedRecord(playlistId, userId);
  return withSongsOrNotFound(catalogue, await updatePlaylistFields(playlistId, input));
}

/** Deletes an own playlist, then raises `playlistDeleted` (its import rows go with it). */
export async function deletePlaylist(events: AppEventBus, playlistId: string, userId: string): Promise<void> {
  await ownedRecord(playlistId, userId);
  if (!(await deletePlaylistById(playlistId, userId))) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  await events.emit('playlistDeleted', playlistId);
}

async function changeSongs(
  catalogue: Catalogue,
  change: typeof addSongToPlaylist,
  playlistId: string,
  songId: string,
  userId: string,
): Promise<PlaylistRecord> {
  // An own playlist seen before and a song in the catalogue: the write alone answers (null when the
  // playlist went meanwhile). Otherwise the playlist is read first, for a 404 or 403 in that order.
  const songThere = await catalogue.songExists(songId);
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
export async function addSong(catalogue: Catalogue, playlistId: string, songId: string, userId: string): Promise<PlaylistSongCount> {
  const { _id, songIds, saavnTracks } = await changeSongs(catalogue, addSongToPlaylist, playlistId, songId, userId);
  return { _id, songs: songIds.length + (saavnTracks?.length ?? 0) };
}

export async function removeSong(catalogue: Catalogue, playlistId: string, songId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(catalogue, await changeSongs(catalogue, removeSongFromPlaylist, playlistId, songId, userId));
}

/**
 * Moves a song of an own playlist to place `to` among its songs (past the end: last). 404 when the
 * playlist or the song in it is not there, 403 when it is someone else's.
 */
export async function moveSong(catalogue: Catalogue, playlistId: string, songId: string, to: number, userId: string): Promise<Playlist> {
  const outcome = await moveSongInPlaylist(playlistId, songId, to, (record) => {
    if (record.user !== userId.toLowerCase()) throw forbidden();
  });
  if (outcome.kind === 'gone') throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (outcome.kind === 'notThere') throw notFound(PLAYLIST_PAGE.songNotInPlaylist);
  return withSongsOrNotFound(catalogue, outcome.record);
}

/** Sets an own playlist's songs, in order (Subsonic's createPlaylist and updatePlaylist). */
export async function replaceSongs(catalogue: Catalogue, playlistId: string, songIds: readonly string[], userId: string): Promise<Playlist> {
  await ownedRecord(playlistId, userId);
  const byId = await catalogue.songsById();
  if (songIds.some((id) => !byId.has(id.toLowerCase()))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return withSongsOrNotFound(catalogue, await replacePlaylistSongs(playlistId, songIds));
}

// --- what other features use -----------------------------------------------------------------

/** How many playlists there are in all (the admin's analytics). */
export function totalPlaylists(): Promise<number> {
  return countPlaylists();
}

/** A user's own playlists as stored, songs as ids (search matches their names). */
export function playlistRecordsOf(userId: string): Promise<PlaylistRecord[]> {
  return playlistsOf(userId);
}

/** A playlist as stored, whoever owns it (a share's page shows what it names); null when gone. */
export function playlistRecord(playlistId: string): Promise<PlaylistRecord | null> {
  return findPlaylist(playlistId);
}

/** An own playlist as stored: 404 when there is none, 403 when it is another user's. */
export function ownPlaylistRecord(playlistId: string, userId: string): Promise<PlaylistRecord> {
  return ownedRecord(playlistId, userId);
}

/** A new, empty own playlist, as stored, marked imported (an import fills it with `setPlaylistEntries`). */
export function createImportedPlaylistRecord(userId: string, input: PlaylistInput): Promise<PlaylistRecord> {
  return insertPlaylist(userId, input, { imported: true });
}

/**
 * Sets a playlist's songs and JioSaavn tracks together, as an import decides them, and its
 * description when given; null when it is gone.
 */
export function setPlaylistEntries(
  playlistId: string,
  songIds: readonly string[],
  saavnTracks: readonly PlaylistSaavnTrack[],
  desc?: string,
): Promise<PlaylistRecord | null> {
  return replacePlaylistEntries(playlistId, songIds, saavnTracks, desc);
}

/** Marks playlists as made by an import (a migration of older data); returns how many it marked. */
export function markPlaylistsImported(playlistIds: readonly string[]): Promise<number> {
  return markImported(playlistIds);
}

/** Removes an own playlist that was never shown (an import that failed half-way). */
export function discardPlaylist(playlistId: string, userId: string): Promise<boolean> {
  return deletePlaylistById(playlistId, userId);
}
export type { PlaylistRecord } from './playlists.repo.js';

/** When a user goes: their playlists. */
export function forgetUser(userId: string): Promise<unknown> {
  return deletePlaylistsOf(userId);
}

/** When a song goes: its entries in every playlist. */
export function forgetSong(songId: string): Promise<unknown> {
  return removeSongFromAllPlaylists(songId);
}
