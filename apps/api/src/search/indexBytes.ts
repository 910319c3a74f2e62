import { decodeSections, encodeSections } from '../songs/keptSections.js';
import type { Indexable, IndexState } from './catalogueIndex.js';

/*
 * A catalogue index as bytes, kept in the catalogue's snapshot file beside the songs: a restart
 * reads its arrays back (views of the bytes read, and one pass over the terms) instead of splitting
 * every song's words and sorting the dictionary again. Songs are not stored here: each ordinal
 * names its song's place in the snapshot's list, so the restored index holds the very objects the
 * list does.
 *
 * Layout (`keptSections.ts`): a JSON header line (the arrays' lengths), then the arrays, then the
 * terms as UTF-8, one per line.
 */

/** Format 1 also kept each posting's fields, which nothing read (a song's fields are in `forward`): skipped. */
const FORMAT = 2;
/** An ordinal whose song was removed. */
const NONE = 0xffffffff;

interface Header {
  format: number;
  ordinals: number;
  terms: number;
  forward: number;
  postings: number;
  termsBytes: number;
  fieldLengthSums: number[];
}

export function encodeIndex<T extends Indexable>(state: IndexState<T>, placeOf: (doc: T, ordinal: number) => number | undefined): Buffer {
  const ordinals = state.songs.length;
  const terms = state.terms.length;
  const places = new Uint32Array(ordinals);
  state.songs.forEach((song, ordinal) => (places[ordinal] = song === undefined ? NONE : (placeOf(song, ordinal) ?? NONE)));
  const lengths = Uint32Array.from(state.postingLengths);
  let total = 0;
  for (let id = 0; id < terms; id += 1) total += lengths[id]!;
  const postings = new Uint32Array(total);
  let at = 0;
  for (let id = 0; id < terms; id += 1) {
    const length = lengths[id]!;
    postings.set(state.postings[id]!.subarray(0, length), at);
    at += length;
  }
  const termsText = Buffer.from(state.terms.join('\n'));
  const header: Header = { format: FORMAT, ordinals, terms, forward: state.forward.length, postings: total, termsBytes: termsText.length, fieldLengthSums: state.fieldLengthSums };
  return encodeSections(header, [places, state.starts, state.forward, state.fieldLengths, lengths, postings, state.sorted, termsText]);
}

/**
 * The index kept by `encodeIndex`, its ordinals pointing at `songs` (the snapshot's list, or a
 * library's albums or artists). With `shareSongs` (a list never changed in place, as the
 * catalogue's), an index whose ordinals are the list's places holds the list itself, not a copy,
 * until its first write.
 */
export function decodeIndex<T extends Indexable>(bytes: Buffer, songs: readonly T[], { shareSongs = false } = {}): IndexState<T> {
  const { header, read } = decodeSections<Header>(bytes, 'index');
  if (header.format !== FORMAT && header.format !== 1) throw new Error('the kept index is of another format');
  // Bytes of their own (the search index's part of the file) are the arrays themselves: a copy
  // held both at once at the restore. Bytes within other bytes (a library's) are copied, so the
  // index does not keep the rest alive.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const u32 = (count: number) => (own ? read.view(Uint32Array, count) : read.u32(count));
  const u8 = (count: number) => (own ? read.view(Uint8Array, count) : read.u8(count));
  const places = u32(header.ordinals);
  const starts = u32(header.ordinals + 1);
  const forward = u32(header.forward);
  const fieldLengths = u8(header.ordinals * 3);
  const lengths = u32(header.terms);
  const allPostings = u32(header.postings);
  if (header.format === 1) read.bytes(header.postings);
  const sorted = u32(header.terms);
  const terms = header.terms === 0 ? [] : read.text(header.termsBytes).split('\n');
  if (terms.length !== header.terms) throw new Error('the kept index does not match its terms');
  const postings: Uint32Array<ArrayBuffer>[] = [];
  let at = 0;
  for (let id = 0; id < header.terms; id += 1) {
    const length = lengths[id]!;
    // Views of one array each: a term that grows later gets an array of its own (`grown`).
    postings.push(allPostings.subarray(at, at + length));
    at += length;
  }
  let songsShared = shareSongs && places.length === songs.length;
  for (let ordinal = 0; songsShared && ordinal < places.length; ordinal += 1) songsShared = places[ordinal] === ordinal;
  const indexed = songsShared
    ? (songs as T[])
    : Array.from(places, (place) => {
        if (place === NONE) return undefined;
        const song = songs[place];
        if (!song) throw new Error('the kept index names a song the list does not hold');
        return song;
      });
  return { songs: indexed, songsShared, starts, forward, fieldLengths, fieldLengthSums: header.fieldLengthSums, terms, postings, postingLengths: Array.from(lengths), sorted };
}
