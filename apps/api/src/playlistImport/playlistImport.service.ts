import {
  CATALOGUE_MESSAGES,
  IMPORT_MESSAGES,
  type ImportInput,
  type ImportRow,
  type ImportRowResolution,
  type Playlist,
  type PlaylistImportResult,
} from '@samaa/shared';
import { badRequest, notFound } from '../http/errors.js';
import {
  createImportedPlaylistRecord,
  ownPlaylistRecord,
  setPlaylistEntries,
  withSongs,
  type PlaylistDeps,
  type PlaylistRecord,
  type PlaylistStoreDeps,
} from '../playlists/playlists.service.js';
import type { Stores } from '../context.js';
import type { AppData } from '../db/appData.js';
import { deleteImportRows, findImportHeader, importedPlaylistsOf, importRowsOf, saveImportRows, updateImportRows, type ImportHeader } from './importRows.repo.js';

/** What an import works on: the app's data, its playlists and its catalogue. */
type ImportDeps = PlaylistDeps & Pick<Stores, 'data'>;
type ImportStoreDeps = PlaylistStoreDeps & Pick<Stores, 'data'>;
import { currentMatchIndex } from './matchIndex.js';
import { matchRows, type MatchOptions } from './matcher.js';
import type { ParsedPlaylist } from './parsers/parsedPlaylist.js';
import { countRows, entriesOf, inPlaylistOrder } from './playlistEntries.js';
import { importDescription, withMatchCount } from './importDescription.js';
import { deletePlaylistWithImport } from './playlistImportCleanup.js';

const NAME_MAX = 50;

function result(playlist: Playlist, rows: ImportRow[]): PlaylistImportResult {
  return { playlist, rows, counts: countRows(rows) };
}

async function ownedImport(deps: ImportStoreDeps, playlistId: string, userId: string): Promise<{ record: PlaylistRecord; header: ImportHeader }> {
  const record = await ownPlaylistRecord(deps, playlistId, userId);
  const header = await findImportHeader(deps.data, playlistId);
  if (!header) throw notFound(IMPORT_MESSAGES.noImport);
  return { record, header };
}

/**
 * Matches a parsed playlist and saves it as a new own playlist with its import rows. JioSaavn is
 * asked only when `options.saavn` is given (the listener opted in); the choice is kept for "Match again".
 */
export async function importPlaylist(deps: ImportDeps, userId: string, parsed: ParsedPlaylist, options: MatchOptions): Promise<PlaylistImportResult> {
  const { data, catalogue } = deps;
  const index = await currentMatchIndex(catalogue);
  const rows = await matchRows(index, parsed.rows, options);
  const counts = countRows(rows);
  const { songIds, saavnTracks } = entriesOf(rows);
  // The cover of the first matched song (the playlist's own cover, as a listener would pick).
  const byId = await catalogue.songsById();
  const cover = (songIds[0] ? byId.get(songIds[0])?.img : undefined) ?? saavnTracks[0]?.img ?? '';
  const name = (parsed.name?.trim() || 'Imported playlist').slice(0, NAME_MAX);
  const desc = importDescription(parsed.format, counts);
  const created = await createImportedPlaylistRecord(deps, userId, { name, desc, img: /^(https?:\/\/|\/media\/)/.test(cover) ? cover : '' });
  try {
    await saveImportRows(data, created._id, userId, rows, Boolean(options.saavn));
    const record = await setPlaylistEntries(deps, created._id, songIds, saavnTracks);
    return result((await withSongs(catalogue, [record ?? created]))[0]!, rows);
  } catch (err) {
    // Nothing half-written: a playlist without its rows goes again.
    await deletePlaylistWithImport(deps, created._id, userId).catch(() => undefined);
    throw err;
  }
}

/** The rows and the playlist, for the review page. */
export async function importReview(deps: ImportDeps, playlistId: string, userId: string): Promise<PlaylistImportResult> {
  const { record, header } = await ownedImport(deps, playlistId, userId);
  return result((await withSongs(deps.catalogue, [record]))[0]!, await importRowsOf(deps.data, header));
}

/** Songs of the playlist that no row put there (added by hand since): kept when rows change. */
function keptSongs(record: PlaylistRecord, rows: readonly ImportRow[]): string[] {
  const fromRows = new Set(rows.flatMap((row) => (row.match?.songId ? [row.match.songId] : [])));
  return record.songIds.filter((id) => !fromRows.has(id));
}

async function rewrite(deps: ImportStoreDeps, record: PlaylistRecord, header: ImportHeader, change: (rows: ImportRow[]) => Promise<ImportRow[]>) {
  return updateImportRows(deps.data, header, async (rows) => {
    const kept = keptSongs(record, rows);
    const changed = await change(rows);
    for (const row of changed) rows[row.index] = row;
    const { songIds, saavnTracks } = entriesOf(rows, kept);
    const ordered = inPlaylistOrder(record.songIds, songIds);
    const updated = await setPlaylistEntries(deps, record._id, ordered, saavnTracks, withMatchCount(record.desc, countRows(rows)));
    if (!updated) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
    return { changed, result: { updated, rows, changed } };
  });
}

/** Picks a catalogue or JioSaavn song for a row, or drops it. */
export async function resolveRow(
  deps: ImportDeps,
  playlistId: string,
  index: number,
  resolution: ImportRowResolution,
  userId: string,
): Promise<PlaylistImportResult> {
  const { catalogue } = deps;
  const { record, header } = await ownedImport(deps, playlistId, userId);
  if (!Number.isInteger(index) || index < 0 || index >= header.total) throw notFound(IMPORT_MESSAGES.rowNotFound);
  if ('songId' in resolution && !(await catalogue.songExists(resolution.songId))) {
    throw notFound(CATALOGUE_MESSAGES.songNotFound);
  }
  const { updated, rows } = await rewrite(deps, record, header, async (all) => {
    const row = all[index]!;
    if (resolution.action === 'drop') return [{ ...row, status: 'dropped', match: undefined }];
    if ('songId' in resolution) {
      return [{ ...row, status: 'matched', match: { songId: resolution.songId.toLowerCase(), score: 1, by: 'manual' } }];
    }
    const others = row.candidates.filter((c) => c.saavn?.saavnId !== resolution.saavn.saavnId);
    const picked = { saavn: resolution.saavn, name: resolution.saavn.name, artist: resolution.saavn.artist, score: 1, by: 'manual' as const };
    return [{ ...row, status: 'matched', match: { saavnId: resolution.saavn.saavnId, score: 1, by: 'manual' }, candidates: [picked, ...others] }];
  });
  return result((await withSongs(catalogue, [updated]))[0]!, rows);
}

/**
 * Re-runs the rows that are missing or uncertain: the catalogue may have grown since. JioSaavn is
 * asked again only if the listener opted in when importing.
 */
export async function matchAgain(deps: ImportDeps, playlistId: string, userId: string, given: MatchOptions): Promise<PlaylistImportResult> {
  const { catalogue } = deps;
  const { record, header } = await ownedImport(deps, playlistId, userId);
  const options = header.lookOnSaavn ? given : { ...given, saavn: undefined };
  const index = await currentMatchIndex(catalogue);
  const { updated, rows } = await rewrite(deps, record, header, async (all) => {
    const open = all.filter((row) => row.status === 'missing' || row.status === 'uncertain');
    const again = await matchRows(index, open.map((row) => row.input), options, open.map((row) => row.index));
    return again.filter((row, i) => row.status !== open[i]!.status || row.candidates.length !== open[i]!.candidates.length);
  });
  return result((await withSongs(catalogue, [updated]))[0]!, rows);
}

export function parsedFromSpotify(name: string, tracks: ImportInput[]): ParsedPlaylist {
  if (tracks.length === 0) throw badRequest(IMPORT_MESSAGES.noTracks);
  return { format: 'spotify', name, rows: tracks };
}

/** When a playlist goes: the rows of its import, if it was imported. */
export function forgetPlaylist(data: AppData, playlistId: string): Promise<unknown> {
  return deleteImportRows(data, playlistId);
}

/** When a user goes: the rows of their imports (their playlists go with the playlists feature). */
export async function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return Promise.all((await importedPlaylistsOf(data, userId)).map((playlistId) => deleteImportRows(data, playlistId)));
}
