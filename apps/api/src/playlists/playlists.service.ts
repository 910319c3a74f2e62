import { CATALOGUE_MESSAGES, PLAYLIST_PAGE, type Playlist, type PlaylistInput, type PlaylistSaavnTrack, type PlaylistSongCount } from '@samaa/shared';
import { forbidden, notFound } from '../http/errors.js';
import type { EncodedBody } from '../http/encodedBody.js';
import type { AppContext, AppEventBus } from '../context.js';
import type { Catalogue } from '../songs/songs.service.js';
import type { AppData } from '../db/appData.js';
import type { PlaylistRecord, PlaylistsRepository } from './playlists.repo.js';
import { createPlaylistStore } from './playlistStore.js';
import { populated } from './userPlaylistsBody.js';
import type { SongsById } from '../songs/songsById.js';

/** What the playlists' use cases need: this app's playlists (playlistStore.ts), and its catalogue for their songs. */
export type PlaylistDeps = Pick<AppContext, 'playlists' | 'catalogue'>;
/** This app's playlists alone, for the use cases that show no songs. */
export type PlaylistStoreDeps = Pick<AppContext, 'playlists'>;

/** Fills in the playlists' songs from the catalogue; songs deleted meanwhile are dropped. */
export async function withSongs(catalogue: Catalogue, records: readonly PlaylistRecord[]): Promise<Playlist[]> {
  if (records.length === 0) return [];
  return withSongsFrom(await catalogue.songsById(), records);
}

function withSongsFrom(byId: SongsById, records: readonly PlaylistRecord[]): Playlist[] {
  return records.map((record) => populated(byId, record));
}

async function withSongsOrNotFound(catalogue: Catalogue, record: PlaylistRecord | null): Promise<Playlist> {
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return (await withSongs(catalogue, [record]))[0]!;
}

/** 404 when the playlist does not exist, 403 when it is someone else's. */
async function ownedRecord(repo: PlaylistsRepository, playlistId: string, userId: string): Promise<PlaylistRecord> {
  const record = await repo.findPlaylist(playlistId);
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (record.user !== userId.toLowerCase()) throw forbidden();
  return record;
}

export async function createPlaylist({ playlists, catalogue }: PlaylistDeps, userId: string, input: PlaylistInput): Promise<Playlist> {
  return (await withSongs(catalogue, [await playlists.repo.insertPlaylist(userId, input)]))[0]!;
}

/** The user's own playlists, newest first. */
export async function userPlaylists({ playlists, catalogue }: PlaylistDeps, userId: string): Promise<Playlist[]> {
  return withSongs(catalogue, await playlists.repo.playlistsOf(userId));
}

/**
 * GET /api/playlists/user-playlists's body, `{ data }`: made once per kept playlist list and
 * catalogue version, from each playlist's kept JSON (userPlaylistsBody.ts).
 */
export async function userPlaylistsBody({ playlists, catalogue }: PlaylistDeps, userId: string): Promise<EncodedBody> {
  const [records, byId] = await Promise.all([playlists.repo.playlistsOf(userId), catalogue.songsById()]);
  return playlists.bodies.bodyOf(records, byId);
}

export async function ownPlaylist({ playlists, catalogue }: PlaylistDeps, playlistId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(catalogue, await ownedRecord(playlists.repo, playlistId, userId));
}

export async function updatePlaylist({ playlists, catalogue }: PlaylistDeps, playlistId: string, userId: string, input: PlaylistInput): Promise<Playlist> {
  await ownedRecord(playlists.repo, playlistId, userId);
  return withSongsOrNotFound(catalogue, await playlists.repo.updatePlaylistFields(playlistId, input));
}

/** Deletes an own playlist, then raises `playlistDeleted` (its import rows go with it). */
export async function deletePlaylist({ playlists, events }: PlaylistStoreDeps & { events: AppEventBus }, playlistId: string, userId: string): Promise<void> {
  await ownedRecord(playlists.repo, playlistId, userId);
  if (!(await playlists.repo.deletePlaylistById(playlistId, userId))) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  await events.emit('playlistDeleted', playlistId);
}

async function changeSongs(
  { playlists, catalogue }: PlaylistDeps,
  change: 'addSongToPlaylist' | 'removeSongFromPlaylist',
  playlistId: string,
  songId: string,
  userId: string,
): Promise<PlaylistRecord> {
  // An own playlist seen before and a song in the catalogue: the write alone answers (null when the
  // playlist went meanwhile). Otherwise the playlist is read first, for a 404 or 403 in that order.
  const songThere = await catalogue.songExists(songId);
  if (playlists.repo.knownOwnerOf(playlistId) !== userId.toLowerCase() || !songThere) {
    await ownedRecord(playlists.repo, playlistId, userId);
    if (!songThere) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  }
  const record = await playlists.repo[change](playlistId, songId);
  if (!record) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  return record;
}

/**
 * Appends an existing song to an own playlist (never twice). Answers the playlist's id and how
 * many entries it holds now, as the add-song answer carries: not the populated playlist.
 */
export async function addSong(deps: PlaylistDeps, playlistId: string, songId: string, userId: string): Promise<PlaylistSongCount> {
  const { _id, songIds, saavnTracks } = await changeSongs(deps, 'addSongToPlaylist', playlistId, songId, userId);
  return { _id, songs: songIds.length + (saavnTracks?.length ?? 0) };
}

export async function removeSong(deps: PlaylistDeps, playlistId: string, songId: string, userId: string): Promise<Playlist> {
  return withSongsOrNotFound(deps.catalogue, await changeSongs(deps, 'removeSongFromPlaylist', playlistId, songId, userId));
}

/**
 * Moves a song of an own playlist to place `to` among its songs (past the end: last). 404 when the
 * playlist or the song in it is not there, 403 when it is someone else's.
 */
export async function moveSong({ playlists, catalogue }: PlaylistDeps, playlistId: string, songId: string, to: number, userId: string): Promise<Playlist> {
  const outcome = await playlists.repo.moveSongInPlaylist(playlistId, songId, to, (record) => {
    if (record.user !== userId.toLowerCase()) throw forbidden();
  });
  if (outcome.kind === 'gone') throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (outcome.kind === 'notThere') throw notFound(PLAYLIST_PAGE.songNotInPlaylist);
  return withSongsOrNotFound(catalogue, outcome.record);
}

/** Sets an own playlist's songs, in order (Subsonic's createPlaylist and updatePlaylist). */
export async function replaceSongs({ playlists, catalogue }: PlaylistDeps, playlistId: string, songIds: readonly string[], userId: string): Promise<Playlist> {
  await ownedRecord(playlists.repo, playlistId, userId);
  const byId = await catalogue.songsById();
  if (songIds.some((id) => !byId.has(id.toLowerCase()))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return withSongsOrNotFound(catalogue, await playlists.repo.replacePlaylistSongs(playlistId, songIds));
}

// --- what other features use -----------------------------------------------------------------

/** How many playlists there are in all (the admin's analytics). */
export function totalPlaylists({ playlists }: PlaylistStoreDeps): Promise<number> {
  return playlists.repo.countPlaylists();
}

/** A user's own playlists as stored, songs as ids (search matches their names). */
export function playlistRecordsOf({ playlists }: PlaylistStoreDeps, userId: string): Promise<PlaylistRecord[]> {
  return playlists.repo.playlistsOf(userId);
}

/** A playlist as stored, whoever owns it (a share's page shows what it names); null when gone. */
export function playlistRecord({ playlists }: PlaylistStoreDeps, playlistId: string): Promise<PlaylistRecord | null> {
  return playlists.repo.findPlaylist(playlistId);
}

/** An own playlist as stored: 404 when there is none, 403 when it is another user's. */
export function ownPlaylistRecord({ playlists }: PlaylistStoreDeps, playlistId: string, userId: string): Promise<PlaylistRecord> {
  return ownedRecord(playlists.repo, playlistId, userId);
}

/** A new, empty own playlist, as stored, marked imported (an import fills it with `setPlaylistEntries`). */
export function createImportedPlaylistRecord({ playlists }: PlaylistStoreDeps, userId: string, input: PlaylistInput): Promise<PlaylistRecord> {
  return playlists.repo.insertPlaylist(userId, input, { imported: true });
}

/**
 * Sets a playlist's songs and JioSaavn tracks together, as an import decides them, and its
 * description when given; null when it is gone.
 */
export function setPlaylistEntries(
  { playlists }: PlaylistStoreDeps,
  playlistId: string,
  songIds: readonly string[],
  saavnTracks: readonly PlaylistSaavnTrack[],
  desc?: string,
): Promise<PlaylistRecord | null> {
  return playlists.repo.replacePlaylistEntries(playlistId, songIds, saavnTracks, desc);
}

/**
 * Marks playlists as made by an import (a migration of older data, before the app reads anything,
 * on a store of its own); returns how many it marked.
 */
export function markPlaylistsImported(data: AppData, playlistIds: readonly string[]): Promise<number> {
  return createPlaylistStore(data).repo.markImported(playlistIds);
}

/** Removes an own playlist that was never shown (an import that failed half-way). */
export function discardPlaylist({ playlists }: PlaylistStoreDeps, playlistId: string, userId: string): Promise<boolean> {
  return playlists.repo.deletePlaylistById(playlistId, userId);
}
export type { PlaylistRecord } from './playlists.repo.js';
export { createPlaylistStore, type PlaylistStore } from './playlistStore.js';

/** When a user goes: their playlists. */
export function forgetUser({ playlists }: PlaylistStoreDeps, userId: string): Promise<unknown> {
  return playlists.repo.deletePlaylistsOf(userId);
}

/** When a song goes: its entries in every playlist. */
export function forgetSong({ playlists }: PlaylistStoreDeps, songId: string): Promise<unknown> {
  return playlists.repo.removeSongFromAllPlaylists(songId);
}
