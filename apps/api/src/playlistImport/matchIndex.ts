import type { Song } from '@samaa/shared';
import type { Catalogue, CatalogueView } from '../songs/songs.service.js';
import { normaliseArtist, tokens } from './normalise.js';
import { comparable, recordingKey, type Comparable } from './scorer.js';

/** A catalogue song, reduced once for comparison. */
export interface IndexedSong extends Comparable {
  song: Song;
  recording: string;
}

/**
 * The catalogue as the matcher reads it: songs by ISRC, by audio path, and by the words of their
 * normalised titles and artists. Built once per catalogue version and shared by every import, so
 * a row looks at the few songs that share a word with it, never at the whole catalogue.
 */
export interface MatchIndex {
  version: string;
  songs: IndexedSong[];
  byIsrc: Map<string, number[]>;
  /** Several songs may play one file (the same upload added twice): each of them. */
  byLocation: Map<string, number[]>;
  titleWords: Map<string, number[]>;
  artistWords: Map<string, number[]>;
  /** Marks of the last lookup, one slot per song: a lookup costs its posting lists, not a Set. */
  marks?: { seen: Uint32Array; round: number };
}

const push = (map: Map<string, number[]>, key: string, at: number) => {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
};

export function buildMatchIndex(version: string, songs: readonly Song[]): MatchIndex {
  const index: MatchIndex = {
    version,
    songs: [],
    byIsrc: new Map(),
    byLocation: new Map(),
    titleWords: new Map(),
    artistWords: new Map(),
  };
  songs.forEach((song, at) => {
    const reduced = comparable({
      title: song.name,
      artists: [song.artist],
      album: song.album,
      durationMs: song.duration ? song.duration * 1000 : undefined,
    });
    index.songs.push({ ...reduced, song, recording: recordingKey(reduced) });
    if (song.isrc) push(index.byIsrc, song.isrc.toUpperCase(), at);
    push(index.byLocation, song.song, at);
    for (const word of tokens(reduced.title.text)) push(index.titleWords, word, at);
    for (const word of new Set(reduced.artists.flatMap((a) => tokens(a)))) push(index.artistWords, word, at);
  });
  return index;
}

/** Past this many songs, one word narrows nothing ("the", "love"): it is skipped when others exist. */
const COMMON_WORD = 2000;
/** Songs scored for a row that shares no word pair with any song: enough for a slip in one word. */
const FALLBACK_LIMIT = 500;

/** The posting lists of the words, without the common ones unless nothing else is left. */
function postings(map: Map<string, number[]>, words: string[]): number[][] {
  const lists = words.map((w) => map.get(w) ?? []).filter((l) => l.length > 0);
  const narrow = lists.filter((l) => l.length <= COMMON_WORD);
  return narrow.length > 0 ? narrow : lists;
}

/** Songs sharing a title word and an artist word with the row; failing that, either kind. */
export function candidatesOf(index: MatchIndex, row: Comparable): IndexedSong[] {
  const byTitle = postings(index.titleWords, tokens(row.title.text));
  const byArtist = postings(index.artistWords, [...new Set(row.artists.flatMap((a) => tokens(normaliseArtist(a))))]);
  const state = (index.marks ??= { seen: new Uint32Array(index.songs.length), round: 0 });
  const { seen } = state;
  const titleRound = (state.round += 2);
  const bothRound = titleRound + 1;
  const found: number[] = [];
  if (byTitle.length > 0 && byArtist.length > 0) {
    for (const list of byTitle) for (const at of list) seen[at] = titleRound;
    for (const list of byArtist) {
      for (const at of list) {
        if (seen[at] === titleRound) {
          seen[at] = bothRound;
          found.push(at);
        }
      }
    }
    if (found.length > 0) return found.map((at) => index.songs[at]!);
  }
  // No song shares both: the title's words, or the artist's, alone (a misspelt name or title).
  const fallbackRound = (state.round += 1);
  for (const list of [...byTitle, ...byArtist]) {
    for (const at of list) {
      if (seen[at] !== fallbackRound) {
        seen[at] = fallbackRound;
        found.push(at);
        if (found.length >= FALLBACK_LIMIT) return found.map((i) => index.songs[i]!);
      }
    }
  }
  return found.map((at) => index.songs[at]!);
}

/** A view of the catalogue, built once per snapshot on first use (a write builds it again). */
export const matchIndexView: CatalogueView<MatchIndex> = {
  name: 'matchIndex',
  build: (snapshot) => buildMatchIndex(snapshot.version, snapshot.songs),
};

/** The index of the current catalogue snapshot. */
export function currentMatchIndex(catalogue: Catalogue): Promise<MatchIndex> {
  return catalogue.view(matchIndexView);
}
