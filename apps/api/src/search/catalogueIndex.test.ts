import { describe, expect, it } from 'vitest';
import type { Song } from '@samaa/shared';
import { generateSongs } from '../songs/generateSongs.js';
import { CatalogueIndex, type QueryCost } from './catalogueIndex.js';
import { boundedDistance } from './editDistance.js';
import { decodeIndex, encodeIndex } from './indexBytes.js';
import { decodeSections, encodeSections } from '../songs/keptSections.js';
import { queryTerms } from './textIndex.js';
import { plainSong, songTableOf, tablePlaceOf } from '../songs/songTable.js';

/** `count` generated songs with ids `prefix0`…, an index of them, and each song's place in the list. */
function indexedSongs(count: number, seed: number, prefix: string) {
  const songs = generateSongs(count, seed).map((song, i) => ({ ...song, _id: `${prefix}${i}` }));
  const index = new CatalogueIndex();
  index.addAll(songs);
  index.finish();
  return { songs, index, places: new Map<Song, number>(songs.map((song, place) => [song, place])) };
}

const media = { img: 'https://img.test/c.png', song: 'https://audio.test/s.mp3' };
const songOf = (i: number, name: string, artist: string, album?: string): Song => ({ _id: `s${i}`, name, artist, album, ...media });

/** A generated catalogue of `size` songs plus a few rare ones, indexed. */
function indexOf(size: number): CatalogueIndex {
  const index = new CatalogueIndex();
  index.addAll(generateSongs(size, 7).map((song, i) => ({ ...song, _id: `g${i}` })));
  index.finish();
  index.add(songOf(1, 'Zyxwvut Quokka', 'Rare Artist', 'Rare Album'));
  index.add(songOf(2, 'Quokkas At Dawn', 'Zyxwvut', 'Rare Album'));
  return index;
}

const costOf = (index: CatalogueIndex, query: string, typos: 'where-missing' | 'all' = 'where-missing'): QueryCost => {
  index.search(queryTerms(query), 20, typos);
  return index.lastCost;
};

describe('catalogue index: cost against catalogue size', () => {
  const small = indexOf(1000);
  const large = indexOf(20_000);

  it('visits the same postings and candidates at 1,000 and 20,000 songs when one word is rare', () => {
    for (const query of ['zyxwvut quo', 'midnight zyxwvut', 'zyxwvut', 'quokka rare', 'golden zyxwvut ra']) {
      const [a, b] = [costOf(small, query), costOf(large, query)];
      expect(b, query).toEqual(a);
      expect(b.candidates, query).toBeLessThanOrEqual(2);
    }
  });

  it('compares a bounded set of dictionary terms for typos, the same at both sizes', () => {
    for (const query of ['zyxwvt quokka', 'quokak', 'midnigt zyxwvut']) {
      const [a, b] = [costOf(small, query, 'all'), costOf(large, query, 'all')];
      expect(b, query).toEqual(a);
    }
  });

  it('starts from the most selective word: a common word costs only its own postings', () => {
    large.search(['midnight', 'zyxwvut'], 20, 'where-missing');
    // "zyxwvut" is in two songs (a name and an artist): those two are all it reads.
    expect(large.lastCost.postings).toBe(2);
  });

  it('scores only the candidates holding every word: the rest are passed over in one read per term', () => {
    const { total } = large.search(['crimson', 'dreams', 'a'], 20, 'where-missing');
    const cost = large.lastCost;
    expect(total).toBeGreaterThan(0);
    expect(cost.candidates).toBeGreaterThan(10 * total);
    expect(cost.scored).toBe(total);
  });

  it('marks the next word’s songs first when its postings are few: most candidates are passed over in one read', () => {
    const { total } = large.search(['crimson', 'dreams'], 20, 'where-missing');
    const cost = large.lastCost;
    expect(total).toBeGreaterThan(0);
    expect(cost.read).toBeLessThan(cost.candidates / 5);
    expect(cost.read).toBeGreaterThanOrEqual(total);
    // A rare word is not made to read a common one's postings.
    large.search(['crimson', 'zyxwvut'], 20, 'where-missing');
    expect(large.lastCost.postings).toBe(2);
  });

  it('skips prefix terms once whole-word matches fill the page', () => {
    const index = new CatalogueIndex();
    index.addAll(Array.from({ length: 30 }, (_, i) => songOf(i, `Rain ${i}`, 'A')));
    index.addAll(Array.from({ length: 500 }, (_, i) => songOf(100 + i, `Rainy ${i}`, 'B')));
    const { songs, total } = index.search(['rain'], 20, 'where-missing');
    expect(songs.every((song) => song.name.startsWith('Rain '))).toBe(true);
    expect(index.lastCost.postings).toBe(30);
    expect(total).toBe(30);
  });
});

describe('catalogue index: what it finds', () => {
  it('follows adds, edits and removals, new words included', () => {
    const index = new CatalogueIndex();
    index.addAll([songOf(1, 'Alpha', 'X'), songOf(2, 'Beta', 'Y')]);
    index.finish();
    const names = (words: string[]) => index.search(words, 20, 'all').songs.map((song) => song.name);
    index.add(songOf(3, 'Aardvark Anthem', 'Z'));
    index.add(songOf(4, 'Zebra', 'Aa'));
    expect(names(['a'])).toEqual(['Aardvark Anthem', 'Alpha', 'Zebra']);
    expect(names(['aardvark', 'an'])).toEqual(['Aardvark Anthem']);
    index.replace(songOf(3, 'Renamed', 'Z'));
    expect(names(['aardvark'])).toEqual([]);
    expect(names(['renamed'])).toEqual(['Renamed']);
    index.remove('s1');
    expect(names(['alpha'])).toEqual([]);
    expect(index.size).toBe(3);
    expect(index.removedCount).toBe(2);
  });

  it('names the terms most songs hold, most first', () => {
    const { index } = indexedSongs(1500, 8, 't');
    const { terms, postingLengths } = index.state();
    const byCount = terms.map((term, id) => ({ term, songs: postingLengths[id]! })).sort((a, b) => b.songs - a.songs);
    const four = index.frequentTerms(4);
    expect(four.map((term) => postingLengths[terms.indexOf(term)])).toEqual(byCount.slice(0, 4).map((entry) => entry.songs));
    expect(new Set(four).size).toBe(4);
    expect(index.frequentTerms(0)).toEqual([]);
    expect(new CatalogueIndex().frequentTerms(3)).toEqual([]);
  });

  it('folds case and accents, and splits on punctuation', () => {
    const index = new CatalogueIndex();
    index.addAll([songOf(1, 'Halo', 'Beyoncé'), songOf(2, 'Rock-a-Bye', 'ÉLAN')]);
    expect(index.search(['beyonce'], 20, 'all').songs.map((s) => s.name)).toEqual(['Halo']);
    expect(index.search(['bye', 'elan'], 20, 'all').songs.map((s) => s.name)).toEqual(['Rock-a-Bye']);
  });
});

describe('boundedDistance', () => {
  it('is the edit distance up to the bound, and bound + 1 beyond', () => {
    expect(boundedDistance('midnigt', 'midnight', 1)).toBe(1);
    expect(boundedDistance('kesaryia', 'kesariya', 2)).toBe(2);
    expect(boundedDistance('love', 'glove', 1)).toBe(1);
    expect(boundedDistance('halo', 'hal0', 1)).toBe(1);
    expect(boundedDistance('abcd', 'wxyz', 2)).toBe(3);
    expect(boundedDistance('abc', 'abcdef', 2)).toBe(3);
    expect(boundedDistance('same', 'same', 1)).toBe(0);
    expect(boundedDistance('kitten', 'sitting', 3)).toBe(3);
  });
});

describe('catalogue index: kept as bytes', () => {
  it('answers every query as the index it was kept from, after removals and replacements', () => {
    const { songs, index } = indexedSongs(3000, 5, 'k');
    index.remove('k10');
    index.replace({ ...songs[20]!, name: 'Zyxwvut Quokka' });
    const list = [...songs.slice(0, 20), { ...songs[20]!, name: 'Zyxwvut Quokka' }, ...songs.slice(21)].filter((song) => song._id !== 'k10');
    const replaced = list[19]!;
    // The index holds the replaced song object itself: the list must too.
    const state = index.state();
    const live = state.songs.filter((song) => song !== undefined);
    const byId = new Map(live.map((song) => [song._id, song]));
    const kept = list.map((song) => byId.get(song._id)!);
    expect(kept.every(Boolean)).toBe(true);
    const places = new Map(kept.map((song, place) => [song, place]));
    const restored = CatalogueIndex.restored(decodeIndex(encodeIndex(state, (song) => places.get(song)), kept));
    expect(restored.size).toBe(index.size);
    for (const query of ['zyxwvut', 'midnight', 'aria kapoor', 'midnigt', 'lo', replaced.name]) {
      const terms = queryTerms(query);
      expect(restored.best(terms, 50).found.map((song) => song._id), query).toEqual(index.best(terms, 50).found.map((song) => song._id));
    }
    expect(restored.has('k10')).toBe(false);
    restored.add({ ...songs[0]!, _id: 'new', name: 'Quokkas At Dawn' });
    expect(restored.best(['quokkas'], 5).found[0]?._id).toBe('new');
  });

  it('is restored over the bytes read when they are its own (no copy held beside them), and copies out of shared ones', () => {
    const { songs, index, places } = indexedSongs(500, 3, 'v');
    const kept = encodeIndex(index.state(), (song) => places.get(song));
    const own = Buffer.from(new Uint8Array(kept)); // a buffer of its own, as each kept view is read
    expect(own.byteOffset === 0 && own.byteLength === own.buffer.byteLength).toBe(true);
    const viewed = decodeIndex(own, songs);
    expect([viewed.starts, viewed.forward, viewed.fieldLengths, viewed.sorted, viewed.postings[0]!].every((array) => array.buffer === own.buffer)).toBe(true);
    const within = Buffer.concat([Buffer.alloc(8), kept]).subarray(8);
    const copied = decodeIndex(within, songs);
    expect([copied.starts, copied.forward, copied.postings[0]!].some((array) => array.buffer === within.buffer)).toBe(false);
    // Written to after the restore, it answers as the index it was kept from, and the bytes stay its own.
    const restored = CatalogueIndex.restored(viewed);
    restored.add({ ...songs[1]!, _id: 'w1', name: 'Quokka Sunrise' });
    restored.remove('v2');
    index.add({ ...songs[1]!, _id: 'w1', name: 'Quokka Sunrise' });
    index.remove('v2');
    for (const query of ['quokka', 'midnight', 'aria', songs[2]!.name]) {
      const terms = queryTerms(query);
      expect(restored.best(terms, 20).found.map((song) => song._id), query).toEqual(index.best(terms, 20).found.map((song) => song._id));
    }
  });

  it('holds the catalogue\'s list itself when its ordinals are the list\'s places, and copies it on its first write', () => {
    const { songs, index } = indexedSongs(400, 6, 's');
    const kept = encodeIndex(index.state(), (_song, ordinal) => ordinal);
    const list = Object.freeze([...songs]);
    const shared = decodeIndex(kept, list, { shareSongs: true });
    expect(shared.songs).toBe(list);
    expect(decodeIndex(kept, list).songs).not.toBe(list);
    const restored = CatalogueIndex.restored(shared);
    // A frozen list throws on any change made to it in place: the writes below change a copy.
    restored.remove('s3');
    restored.add({ ...songs[0]!, _id: 'n1', name: 'Quokka Dawn' });
    expect(list).toHaveLength(400);
    expect(restored.best(['quokka'], 5).found.map((song) => song._id)).toEqual(['n1']);
    expect(restored.best(queryTerms(songs[3]!.name), 400).found.some((song) => song._id === 's3')).toBe(false);
  });

  it('reads an index kept in format 1, whose postings also held their fields, as the same index', () => {
    const { songs, index, places } = indexedSongs(800, 4, 'f');
    const kept = encodeIndex(index.state(), (song) => places.get(song));
    type Header = { format: number; ordinals: number; terms: number; forward: number; postings: number; termsBytes: number };
    const { header, read } = decodeSections<Header>(kept, 'index');
    const arrays = [read.u32(header.ordinals), read.u32(header.ordinals + 1), read.u32(header.forward), read.u8(header.ordinals * 3), read.u32(header.terms), read.u32(header.postings)];
    const [sorted, terms] = [read.u32(header.terms), read.bytes(header.termsBytes)];
    const formatOne = encodeSections({ ...header, format: 1 }, [...arrays, new Uint8Array(header.postings), sorted, terms]);
    const restored = CatalogueIndex.restored(decodeIndex(formatOne, songs));
    for (const query of ['midnight', 'aria kap', 'golden rain']) {
      const words = queryTerms(query);
      expect(restored.best(words, 20).found.map((song) => song._id), query).toEqual(index.best(words, 20).found.map((song) => song._id));
    }
  });

  it('keeps no map of ids when restored: the first write makes it, once', () => {
    const { songs, index, places } = indexedSongs(2000, 9, 'r');
    let idsRead = 0;
    const fields = {
      id: (song: Song) => (idsRead++, song._id),
      texts: (song: Song): [string, string | undefined, string | undefined] => [song.name, song.artist, song.album],
    };
    const restored = CatalogueIndex.restored(decodeIndex(encodeIndex(index.state(), (song) => places.get(song)), songs), fields);
    restored.best(queryTerms('midnight'), 50);
    expect(idsRead).toBe(0);
    restored.remove('r5');
    // Each id read once to make the lookup, and the removed one's again.
    expect(idsRead).toBe(songs.length + 1);
    restored.remove('r6');
    restored.add({ ...songs[7]!, name: 'Zyxwvut' });
    // Later writes read a few ids each, never every one again.
    expect(idsRead).toBeLessThanOrEqual(songs.length + 5);
    expect(restored.size).toBe(songs.length - 2);
    expect(restored.best(['zyxwvut'], 5).found.map((song) => song._id)).toEqual(['r7']);
  });

  it('finds the rows of a song table by the table\'s id order: a build reads no id, a write a few', async () => {
    const songs = generateSongs(3000, 10).map((song, i) => ({ ...song, _id: (i + 1).toString(16).padStart(24, '0') }));
    const rows = (await songTableOf(songs)).songs();
    let idsRead = 0;
    const fields = {
      id: (song: Song) => (idsRead++, song._id),
      row: tablePlaceOf,
      texts: (song: Song): [string, string | undefined, string | undefined] => [song.name, song.artist, song.album],
    };
    const index = new CatalogueIndex(fields);
    index.addAll(rows);
    index.finish();
    expect(idsRead).toBe(0);
    index.remove(rows[5]!._id);
    index.replace({ ...plainSong(rows[7]!), name: 'Zyxwvut' });
    index.add({ ...plainSong(rows[9]!), _id: 'f'.repeat(24), name: 'Qwertyuiop' });
    expect(idsRead).toBeLessThanOrEqual(6);
    expect(index.size).toBe(rows.length);
    expect(index.has(rows[5]!._id)).toBe(false);
    expect(index.has(rows[6]!._id)).toBe(true);
    expect(index.best(['zyxwvut'], 5).found.map((song) => song._id)).toEqual([rows[7]!._id]);
    expect(index.best(['qwertyuiop'], 5).found.map((song) => song._id)).toEqual(['f'.repeat(24)]);
    // The replaced row is gone from the answers of its old name.
    expect(index.best(queryTerms(rows[7]!.name), 3000).found.filter((song) => song._id === rows[7]!._id && song.name !== 'Zyxwvut')).toEqual([]);
  });
});
