import type { Song } from '@samaa/shared';
import { songListSnapshot } from '../songs/songs.service.js';
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
  byLocation: Map<string, number>;
  titleWords: Map<string, number[]>;
  artistWords: Map<string, number[]>;
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
    index.byLocation.set(song.song, at);
    for (const word of tokens(reduced.title.text)) push(index.titleWords, word, at);
    for (const word of new Set(reduced.artists.flatMap((a) => tokens(a)))) push(index.artistWords, word, at);
  });
  return index;
}

/** Past this many songs, one word narrows nothing ("the", "love"): it is skipped when others exist. */
const COMMON_WORD = 2000;

function union(map: Map<string, number[]>, words: string[]): Set<number> {
  const lists = words.map((w) => map.get(w) ?? []).filter((l) => l.length > 0);
  const narrow = lists.filter((l) => l.length <= COMMON_WORD);
  const out = new Set<number>();
  for (const list of narrow.length > 0 ? narrow : lists) for (const at of list) out.add(at);
  return out;
}

/** Songs sharing a title word and an artist word with the row; failing that, either kind. */
export function candidatesOf(index: MatchIndex, row: Comparable): IndexedSong[] {
  const byTitle = union(index.titleWords, tokens(row.title.text));
  const byArtist = union(index.artistWords, [...new Set(row.artists.flatMap((a) => tokens(normaliseArtist(a))))]);
  let found: Iterable<number>;
  if (byTitle.size > 0 && byArtist.size > 0) {
    const [small, large] = byTitle.size < byArtist.size ? [byTitle, byArtist] : [byArtist, byTitle];
    const both = [...small].filter((at) => large.has(at));
    found = both.length > 0 ? both : [...byTitle, ...byArtist].slice(0, 2 * COMMON_WORD);
  } else {
    found = byTitle.size > 0 ? byTitle : byArtist;
  }
  return [...new Set(found)].map((at) => index.songs[at]!);
}

/** Keyed by the snapshot itself: a rebuilt snapshot is a new object, even when a wiped database reuses a version number. */
const built = new WeakMap<object, MatchIndex>();

/** The index of the current catalogue snapshot, built once per snapshot. */
export async function currentMatchIndex(): Promise<MatchIndex> {
  const snapshot = await songListSnapshot();
  let index = built.get(snapshot);
  if (!index) {
    index = buildMatchIndex(snapshot.version, snapshot.songs);
    built.set(snapshot, index);
  }
  return index;
}
