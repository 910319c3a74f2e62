import { CATALOGUE_MESSAGES, LYRICS_MESSAGES, type Song, type SongLyrics } from '@samaa/shared';
import type { Config } from '../config/config.js';
import type { AppContext, Stores } from '../context.js';
import { defineKept, type AppData } from '../db/appData.js';
import type { Logger } from '../logger.js';
import { badRequest, notFound } from '../http/errors.js';
import { resolveServedFile } from '../media/servedFile.js';
import type { Catalogue } from '../songs/songs.service.js';
import { NotLyricsError, parseLyricsBytes, type ParsedLyrics } from './lrc.js';
import { createLrclibClient, type LrclibClient } from './lrclib.client.js';
import { deleteLyricsOf, lyricsOf, saveLyricsLocked, saveLyricsUnless, type LyricsRecord, type StoredLyrics } from './lyrics.repo.js';
import { lyricsOfAudioFile, type FoundLyrics } from './audioFileLyrics.js';

/*
 * A song's lyrics, from its own record (a primary-key read). A song never looked at is resolved
 * once, on its first request: a sidecar `.lrc` and the tags of its audio file, then the
 * LRCLIB-compatible service when one is set; what was found, or that nothing was, is stored.
 * The scanner stores music folder songs' lyrics as it reads their tags.
 */

/** The app's lookups in flight: concurrent asks for one song's lyrics share one, removed once settled. */
const RESOLVING = defineKept('lyricsLookups', () => new Map<string, Promise<StoredLyrics | null>>());

/** An app's client of the LRCLIB-compatible service (`ctx.lyricsService`), when one is set. */
export function createLyricsService({ config, logger }: { config: Config; logger: Logger }): LrclibClient | null {
  const { apiUrl, timeoutMs } = config.lyrics;
  return apiUrl ? createLrclibClient({ baseUrl: apiUrl, timeoutMs, logger }) : null;
}

const record = (lyrics: ParsedLyrics, source: LyricsRecord['source']): LyricsRecord => ({
  source,
  synced: lyrics.synced,
  lines: lyrics.lines,
  ...(lyrics.lang ? { lang: lyrics.lang } : {}),
});

const NONE: LyricsRecord = { source: 'none', synced: false, lines: [] };

/** A catalogue song, or a 404 with the catalogue's message. */
export async function songOf(catalogue: Catalogue, id: string): Promise<Song> {
  const song = await catalogue.songById(id);
  if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return song;
}

/** The sidecar or the tags of the song's own audio file, when it is stored here. */
async function fromAudioFile(ctx: AppContext, song: Song): Promise<FoundLyrics | undefined> {
  const served = await resolveServedFile(ctx.config, song.song);
  if (!served || served.kind !== 'audio') return undefined;
  try {
    return (await lyricsOfAudioFile(served.file)).lyrics;
  } catch (err) {
    ctx.logger.debug({ err, song: song._id }, 'could not read lyrics from the audio file');
    return undefined;
  }
}

async function resolve(ctx: AppContext, song: Song): Promise<StoredLyrics | null> {
  const local = await fromAudioFile(ctx, song);
  let found: LyricsRecord | null = local ? record(local, local.source) : null;
  if (!found) {
    const client = ctx.lyricsService;
    const answer = client
      ? await client.lookup({ artist: song.artist, title: song.name, album: song.album, duration: song.duration })
      : ({ kind: 'none' } as const);
    // A failed lookup is not an answer: nothing is stored, a later play asks again.
    if (answer.kind === 'failed') return null;
    found = answer.kind === 'found' ? record(answer.lyrics, 'lrclib') : NONE;
  }
  // An admin's upload or removal that landed meanwhile wins.
  await saveLyricsUnless(ctx.data, song._id, found, () => true);
  return lyricsOf(ctx.data, song._id);
}

/** GET /api/songs/{id}/lyrics: 404 with a message when the song is unknown or has none. */
export async function lyricsOfSong(ctx: AppContext, id: string): Promise<SongLyrics> {
  const found = await findLyrics(ctx, await songOf(ctx.catalogue, id));
  if (!found) throw notFound(LYRICS_MESSAGES.none);
  return found;
}

/** A song's lyrics, resolved on first use; null when it has none. */
export async function findLyrics(ctx: AppContext, song: Song): Promise<SongLyrics | null> {
  let stored = await lyricsOf(ctx.data, song._id);
  if (!stored) {
    const resolving = ctx.data.kept(RESOLVING);
    let pending = resolving.get(song._id);
    if (!pending) {
      pending = resolve(ctx, song).finally(() => resolving.delete(song._id));
      resolving.set(song._id, pending);
    }
    stored = await pending;
  }
  if (!stored || stored.source === 'none') return null;
  return { synced: stored.synced, lines: stored.lines, source: stored.source, ...(stored.lang ? { lang: stored.lang } : {}) };
}

/** An admin's .lrc or .txt upload: replaces whatever the song had. */
export async function uploadLyrics({ data, catalogue }: Stores, id: string, bytes: Buffer): Promise<SongLyrics> {
  const song = await songOf(catalogue, id);
  let parsed: ParsedLyrics;
  try {
    parsed = parseLyricsBytes(bytes);
  } catch (err) {
    if (err instanceof NotLyricsError) throw badRequest(`${LYRICS_MESSAGES.notLyrics} (${err.message})`);
    throw err;
  }
  await saveLyricsLocked(data, song._id, record(parsed, 'upload'));
  return { synced: parsed.synced, lines: parsed.lines, source: 'upload' };
}

/** An admin's removal: stays removed (no tag or service fills it) until an upload. */
export async function removeLyrics({ data, catalogue }: Stores, id: string): Promise<void> {
  const song = await songOf(catalogue, id);
  await saveLyricsLocked(data, song._id, { ...NONE, removed: true });
}

/**
 * What the scanner read from a music folder file. An admin's upload or removal stays; lyrics no
 * longer in the file are dropped, so a later play may ask the lyrics service.
 */
export async function storeScannedLyrics(data: AppData, songId: string, lyrics: FoundLyrics | undefined): Promise<void> {
  await saveLyricsUnless(data, songId, lyrics ? record(lyrics, lyrics.source) : null, (stored) => stored.source === 'upload' || stored.removed === true);
}

/** When a song goes: its lyrics. */
export function forgetSong(data: AppData, songId: string): Promise<unknown> {
  return deleteLyricsOf(data, songId);
}
