import type { LyricsLine, Song } from '@samaa/shared';
import { findLyrics } from '../../lyrics/lyrics.service.js';
import { searchCatalogue } from '../../search/searchCatalogue.js';
import { notFoundError, type SubsonicMethod } from '../call.js';
import type { Payload } from '../response.js';


const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** songLyrics v2: a line's word cues, with the UTF-8 byte range of each word in the line's text. */
function cueLine(line: LyricsLine, index: number): Payload | undefined {
  if (!line.cues?.length) return undefined;
  const cue: Payload[] = [];
  let from = 0;
  for (const word of line.cues) {
    const value = word.text.trim();
    const at = value ? line.text.indexOf(value, from) : -1;
    if (at < 0) continue;
    from = at + value.length;
    const byteStart = utf8Length(line.text.slice(0, at));
    cue.push({ start: word.start, byteStart, byteEnd: byteStart + utf8Length(value) - 1, value });
  }
  return cue.length ? { index, start: line.start, value: line.text, cue } : undefined;
}

const yes = (value: string | undefined) => value === 'true' || value === '1';
/** The songs getLyrics looks at for a title: the best matches of the catalogue search. */
const LYRICS_SEARCH_LIMIT = 20;

export const lyricsMethods: Record<string, SubsonicMethod> = {
  /** OpenSubsonic songLyrics: the song's lyrics as structured lyrics, an empty list when it has none. */
  getLyricsBySongId: async (call) => {
    const song = await call.ctx.catalogue.songById(call.params.required('id'));
    if (!song) throw notFoundError('Song');
    const lyrics = await findLyrics(call.ctx, song);
    if (!lyrics) return { lyricsList: { structuredLyrics: [] } };
    const enhanced = yes(call.params.optional('enhanced'));
    const cueLines = enhanced && lyrics.synced ? lyrics.lines.map(cueLine).filter((c): c is Payload => c !== undefined) : [];
    const structured: Payload = {
      ...(enhanced ? { kind: 'main' } : {}),
      displayArtist: song.artist,
      displayTitle: song.name,
      lang: lyrics.lang ?? 'xxx',
      // Stamps are stored with the file's [offset:] already applied.
      offset: 0,
      synced: lyrics.synced,
      line: lyrics.lines.map((line) => (lyrics.synced ? { start: line.start ?? 0, value: line.text } : { value: line.text })),
      ...(cueLines.length ? { cueLine: cueLines } : {}),
    };
    return { lyricsList: { structuredLyrics: [structured] } };
  },

  /** Subsonic's getLyrics: the first song titled so (by that artist, when given) that has lyrics, as plain text. */
  getLyrics: async (call) => {
    const title = call.params.optional('title')?.trim() ?? '';
    const artist = call.params.optional('artist')?.trim() ?? '';
    const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
    const matches = title
      ? (await searchCatalogue(call.ctx.catalogue, title, { songs: { limit: LYRICS_SEARCH_LIMIT } })).songs.filter((song: Song) => same(song.name, title) && (!artist || same(song.artist, artist)))
      : [];
    for (const song of matches) {
      const lyrics = await findLyrics(call.ctx, song);
      if (lyrics) return { lyrics: { artist: song.artist, title: song.name, value: lyrics.lines.map((line) => line.text).join('\n') } };
    }
    return { lyrics: {} };
  },
};
