import type { Song } from '@samaa/shared';
import { boundedDistance } from './editDistance.js';
import { foldTerm, fuzziness } from './textIndex.js';
import { OrdinalsById, type RowOf } from './ordinalsById.js';
import { tablePlaceOf } from '../songs/songTable.js';

/*
 * The catalogue's own word index, in place of MiniSearch for songs: at 100,000 songs MiniSearch
 * took 400-600 ms per uncached search (it expands a short last word over every term that starts
 * with it, scores every match, and its typo search walks the whole term tree). Here:
 * - a term dictionary (one id per distinct word) sorted by text, so the terms that start with the
 *   word being typed are one range found by binary search;
 * - per term a posting list of song ordinals (Uint32Array, ascending) with the fields it is in;
 * - per song its term ids (one shared Uint32Array), to check the other words of a query against a
 *   candidate without touching the other words' posting lists;
 * - a query starts from its most selective word, checks the others on those songs only, and keeps
 *   the best `wanted` in a bounded heap: cost in the postings of one word, never the catalogue;
 * - typos are looked for (bounded edit distance) only among the terms of a close length, and at
 *   most FUZZY_TERMS_KEPT of them per word.
 * Songs are added and removed one by one (a removed song's ordinal is left empty until the index is
 * built again), so a song write moves the index with it.
 */

export const FIELDS = ['name', 'artist', 'album'] as const;
const BOOSTS = [3, 2, 1];
/** MiniSearch's default tokenizer: spaces and punctuation separate words. */
const SEPARATORS = /[\n\r\p{Z}\p{P}]+/u;
const NON_ASCII = /[^ -~\t\n\r]/;
/** BM25+ as MiniSearch scores it (k, b, d), and its weights of prefix and typo matches. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Typo candidates kept per word (the closest ones). */
export const FUZZY_TERMS_KEPT = 64;

/** A field's words as the index sees them: lower case, accents removed. */
export function wordsOf(text: string | undefined): string[] {
  if (!text) return [];
  const folded = NON_ASCII.test(text) ? foldTerm(text) : text.toLowerCase();
  return folded.split(SEPARATORS).filter(Boolean);
}

/** Past this many entries an array grows by an eighth, not twice: a write to a built index grows its largest arrays. */
const LARGE = 1 << 20;

const grown = <T extends Uint32Array | Uint8Array>(array: T, needed: number): T => {
  if (needed <= array.length) return array;
  const room = array.length < LARGE ? array.length * 2 : array.length + (array.length >> 3);
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, room));
  next.set(array);
  return next;
};

/** How many times the start word's postings the next word's may be and still be marked first. */
const NEXT_WORD_SPAN = 4;
/** Query words `wordBits` can mark: one bit each in a 32-bit value, kept positive. */
const MARKED_WORDS = 31;

/** What one query looked at: tests compare these at two catalogue sizes. */
export interface QueryCost {
  /** Posting entries read (the starting word's, and the next word's when it is marked). */
  postings: number;
  /** Songs checked against every word. */
  candidates: number;
  /** Candidates whose term ids were read (those the next word's marks let through). */
  read: number;
  /** Candidates scored: those holding a term of every word (the rest are passed over unscored). */
  scored: number;
  /** Dictionary terms compared for typos. */
  fuzzyTerms: number;
}

/** One ranked match: how it matched (for the order) and its song. */
interface Match {
  ordinal: number;
  kind: number;
  field: number;
  score: number;
  /** The song's name, read when a tie comes down to it (a table song decodes it). */
  name?: string;
}

/** How a query word matches: its whole-word term, the prefix range (last word), and typo terms. */
interface Word {
  text: string;
  exact: number;
  prefix: boolean;
  fuzzy: Map<number, number> | undefined;
  /** Every term the word matches → how (0 whole word, 1 prefix, 2 typo) and its weight × idf. */
  matches: Map<number, { kind: number; weight: number }>;
  /** Posting entries of those terms. */
  size: number;
}

/** What an index holds: a song, or a Subsonic album or artist (their name, artist and album). */
export interface Indexable {
  name: string;
}
export interface Fields<T> {
  id(doc: T): string;
  /** Where a document sits in a song table, for ids found without a map of them all (songs only). */
  row?: RowOf<T>;
  /** The name, artist and album text of a document. */
  texts(doc: T): [string, string | undefined, string | undefined];
}
/** Everything an index holds, as arrays (typed arrays trimmed to their use). */
export interface IndexState<T> {
  /** Per ordinal, its song (undefined once removed). */
  songs: (T | undefined)[];
  /** Whether `songs` is the catalogue's own list (each ordinal its place), copied before a first write. */
  songsShared?: boolean;
  starts: Uint32Array<ArrayBuffer>;
  forward: Uint32Array<ArrayBuffer>;
  fieldLengths: Uint8Array<ArrayBuffer>;
  fieldLengthSums: number[];
  terms: string[];
  postings: Uint32Array<ArrayBuffer>[];
  postingLengths: number[];
  sorted: Uint32Array<ArrayBuffer>;
}
const SONG_FIELDS: Fields<Song> = { id: (song) => song._id, row: tablePlaceOf, texts: (song) => [song.name, song.artist, song.album] };

export class CatalogueIndex<T extends Indexable = Song> {
  private songs: (T | undefined)[] = [];
  private songsShared = false;
  /**
   * Ordinals by id, for writes only: an index restored at start (a million songs) makes it on its
   * first write, not before the server listens; an index built makes it as it goes.
   */
  private ordinals: OrdinalsById<T> | undefined;
  private liveCount = 0;
  /** Per song: where its entries start in `forward` (entry = termId * 8 + field bits). */
  private starts = new Uint32Array(1024);
  private forward = new Uint32Array(8192);
  private forwardUsed = 0;
  /** Per song and field: the field's word count (capped at 255), for BM25's length term. */
  private fieldLengths = new Uint8Array(3 * 1024);
  private fieldLengthSums = [0, 0, 0];

  private terms: string[] = [];
  private termIds = new Map<string, number>();
  private postings: Uint32Array<ArrayBuffer>[] = [];
  private postingLengths: number[] = [];
  /** Term ids in text order; `sortedValid` is false during a bulk build. */
  private sorted = new Uint32Array(1024);
  private sortedCount = 0;
  private sortedValid = true;
  /** Term ids by term length, for the typo search. */
  private byLength: number[][] = [];
  /**
   * Per term, the words of the running search it matches (bit i: word i); all zero between
   * searches. A candidate lacking a word is then passed over in one read per term it holds,
   * before any scoring.
   */
  private wordBits = new Uint32Array(0);
  /** Per ordinal, the stamp of the last search that saw it, and that marked it a song of its next word. */
  private seenMarks = new Uint16Array(0);
  private nextMarks = new Uint16Array(0);
  private stamp = 0;

  lastCost: QueryCost = { postings: 0, candidates: 0, read: 0, scored: 0, fuzzyTerms: 0 };

  /** The index's arrays, as `indexBytes.ts` keeps them on disk (term order sorted first). */
  state(): IndexState<T> {
    this.finish();
    return {
      songs: this.songs,
      starts: this.starts.subarray(0, this.songs.length + 1),
      forward: this.forward.subarray(0, this.forwardUsed),
      fieldLengths: this.fieldLengths.subarray(0, this.songs.length * 3),
      fieldLengthSums: [...this.fieldLengthSums],
      terms: this.terms,
      postings: this.postings,
      postingLengths: this.postingLengths,
      sorted: this.sorted.subarray(0, this.sortedCount),
    };
  }

  /** An index holding `state` (read back by `indexBytes.ts`), its maps made again from it. */
  static restored<T extends Indexable>(state: IndexState<T>, fields: Fields<T> = SONG_FIELDS as unknown as Fields<T>): CatalogueIndex<T> {
    const index = new CatalogueIndex<T>(fields);
    index.songs = state.songs;
    index.songsShared = state.songsShared === true;
    index.starts = state.starts;
    index.forward = state.forward;
    index.forwardUsed = state.forward.length;
    index.fieldLengths = state.fieldLengths;
    index.fieldLengthSums = [...state.fieldLengthSums];
    index.terms = state.terms;
    index.postings = state.postings;
    index.postingLengths = state.postingLengths;
    index.sorted = state.sorted;
    index.sortedCount = state.sorted.length;
    index.ordinals = undefined;
    for (const song of state.songs) if (song !== undefined) index.liveCount += 1;
    state.terms.forEach((term, id) => {
      index.termIds.set(term, id);
      (index.byLength[term.length] ??= []).push(id);
    });
    return index;
  }

  constructor(private readonly fields: Fields<T> = SONG_FIELDS as unknown as Fields<T>) {}

  private get ordinalOf(): OrdinalsById<T> {
    if (!this.ordinals) {
      this.ordinals = new OrdinalsById(this.fields.id, this.fields.row);
      this.songs.forEach((song, ordinal) => {
        if (song !== undefined) this.ordinals!.set(song, ordinal);
      });
    }
    return this.ordinals;
  }

  get size(): number {
    return this.liveCount;
  }

  /** The `count` terms most songs hold (the words a first search most likely uses). */
  frequentTerms(count: number): string[] {
    // One pass keeping the best few: a dictionary of a million terms is not sorted for four.
    if (count <= 0) return [];
    const best: number[] = [];
    const lengths = this.postingLengths;
    for (let id = 0; id < this.terms.length; id += 1) {
      if (best.length === count && lengths[id]! <= lengths[best[count - 1]!]!) continue;
      let at = Math.min(best.length, count - 1);
      best[at] = id;
      while (at > 0 && lengths[best[at - 1]!]! < lengths[id]!) {
        best[at] = best[at - 1]!;
        best[--at] = id;
      }
    }
    return best.map((id) => this.terms[id]!);
  }

  /** Songs removed whose ordinals still hold posting entries. */
  get removedCount(): number {
    return this.songs.length - this.liveCount;
  }

  has(id: string): boolean {
    return this.ordinalOf.get(id) !== undefined;
  }

  /** Adds many songs; the term order is sorted once at the end. */
  addAll(songs: readonly T[], from = 0, to = songs.length): void {
    this.sortedValid = false;
    const cache = new Map<string, string[]>();
    for (let i = from; i < to; i += 1) this.addOne(songs[i]!, cache);
  }

  /** Completes a bulk build (addAll): sorts the term dictionary. */
  finish(): void {
    if (this.sortedValid) return;
    const ids = Array.from({ length: this.terms.length }, (_, i) => i);
    const terms = this.terms;
    ids.sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
    this.sorted = Uint32Array.from(ids);
    this.sortedCount = ids.length;
    this.sortedValid = true;
  }

  add(song: T): void {
    this.addOne(song);
  }

  remove(id: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal !== undefined) this.removeAt(ordinal);
  }

  private removeAt(ordinal: number): void {
    this.ordinalOf.delete(this.songs[ordinal]!);
    this.ownSongs()[ordinal] = undefined;
    this.liveCount -= 1;
    for (let f = 0; f < 3; f += 1) this.fieldLengthSums[f]! -= this.fieldLengths[ordinal * 3 + f]!;
  }

  /** The songs by ordinal, this index's own to change: a list shared with the catalogue is copied first. */
  private ownSongs(): (T | undefined)[] {
    if (this.songsShared) {
      this.songs = this.songs.slice();
      this.songsShared = false;
    }
    return this.songs;
  }

  replace(song: T): void {
    this.addOne(song);
  }

  private addOne(song: T, cache?: Map<string, string[]>): void {
    const held = this.ordinalOf.ofDoc(song);
    if (held !== undefined) this.removeAt(held);
    const ordinal = this.songs.length;
    this.ownSongs().push(song);
    this.ordinalOf.set(song, ordinal);
    this.liveCount += 1;
    const entries = new Map<number, number>();
    this.fieldLengths = grown(this.fieldLengths, (ordinal + 1) * 3);
    const values = this.fields.texts(song);
    for (let f = 0; f < 3; f += 1) {
      const value = values[f];
      // Artist and album names repeat: a bulk build splits each once.
      let words = f > 0 && cache && value !== undefined ? cache.get(value) : undefined;
      if (!words) {
        words = wordsOf(value);
        if (f > 0 && cache && value !== undefined) cache.set(value, words);
      }
      const length = Math.min(words.length, 255);
      this.fieldLengths[ordinal * 3 + f] = length;
      this.fieldLengthSums[f]! += length;
      for (const word of words) {
        const id = this.termIdOf(word);
        entries.set(id, (entries.get(id) ?? 0) | (1 << f));
      }
    }
    this.starts = grown(this.starts, ordinal + 2);
    this.starts[ordinal] = this.forwardUsed;
    this.forward = grown(this.forward, this.forwardUsed + entries.size);
    for (const [id, fields] of entries) {
      this.forward[this.forwardUsed++] = id * 8 + fields;
      const at = this.postingLengths[id]!;
      this.postings[id] = grown(this.postings[id]!, at + 1);
      this.postings[id]![at] = ordinal;
      this.postingLengths[id] = at + 1;
    }
    this.starts[ordinal + 1] = this.forwardUsed;
  }

  private termIdOf(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    const at = this.sortedValid ? this.lowerBound(term) : 0;
    id = this.terms.length;
    this.terms.push(term);
    this.termIds.set(term, id);
    this.postings.push(new Uint32Array(2));
    this.postingLengths.push(0);
    (this.byLength[term.length] ??= []).push(id);
    if (this.sortedValid) {
      this.sorted = grown(this.sorted, this.sortedCount + 1);
      this.sorted.copyWithin(at + 1, at, this.sortedCount);
      this.sorted[at] = id;
      this.sortedCount += 1;
    }
    return id;
  }

  /** First position in `sorted` whose term is not below `text`. */
  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.sortedCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[this.sorted[mid]!]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Term ids that start with `prefix`, in text order. */
  private prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let to = from;
    // Binary search for the end: the first term at or after `from` that does not start with it.
    let hi = this.sortedCount;
    while (to < hi) {
      const mid = (to + hi) >>> 1;
      if (this.terms[this.sorted[mid]!]!.startsWith(prefix)) to = mid + 1;
      else hi = mid;
    }
    return [from, to];
  }

  /** Terms within the word's typo allowance, the closest FUZZY_TERMS_KEPT. */
  private fuzzyTerms(text: string, cost: QueryCost): Map<number, number> | undefined {
    const allowed = fuzziness(text);
    if (allowed === false) return undefined;
    const found: [number, number][] = [];
    for (let length = Math.max(1, text.length - allowed); length <= text.length + allowed; length += 1) {
      for (const id of this.byLength[length] ?? []) {
        cost.fuzzyTerms += 1;
        if (this.postingLengths[id] === 0) continue;
        const distance = boundedDistance(text, this.terms[id]!, allowed);
        if (distance > 0 && distance <= allowed) found.push([id, distance]);
      }
    }
    if (found.length > FUZZY_TERMS_KEPT) found.sort((a, b) => a[1] - b[1]).length = FUZZY_TERMS_KEPT;
    return new Map(found);
  }

  /** Whether the word has a whole-word hit, or (the last word) a prefix hit. */
  private found(text: string, last: boolean): boolean {
    if (this.termIds.has(text)) return true;
    if (!last) return false;
    const [from, to] = this.prefixRange(text);
    return to > from;
  }

  /**
   * The best `wanted` songs having every word (the last as a prefix), each word in any field;
   * typo matches for the words `typos` allows. Ranked: whole word before prefix before typo (the
   * worst word decides), name before artist before album (the weakest word decides), then score
   * (BM25+ with field boosts), then name. `total` is the number of matches.
   */
  search(words: string[], wanted: number, typos: 'where-missing' | 'all'): { songs: T[]; total: number } {
    const cost: QueryCost = { postings: 0, candidates: 0, read: 0, scored: 0, fuzzyTerms: 0 };
    this.lastCost = cost;
    this.finish();
    const unique = [...new Set(words.slice(0, -1))].filter((w) => w !== words.at(-1));
    const texts = [...unique, words.at(-1)!];
    const n = this.liveCount;
    const query: Word[] = texts.map((text, i) => {
      const last = i === texts.length - 1;
      const fuzzy = typos === 'all' || !this.found(text, last) ? this.fuzzyTerms(text, cost) : undefined;
      const word: Word = { text, exact: this.termIds.get(text) ?? -1, prefix: last, fuzzy, matches: new Map(), size: 0 };
      for (const id of this.termsOf(word)) {
        const term = this.terms[id]!;
        const df = this.postingLengths[id]!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const distance = fuzzy?.get(id);
        const kind = id === word.exact ? 0 : term.startsWith(text) ? 1 : 2;
        const weight =
          id === word.exact ? 1 : last && kind === 1 ? PREFIX_WEIGHT : (FUZZY_WEIGHT * term.length) / (term.length + (distance ?? 0));
        word.matches.set(id, { kind, weight: weight * idf });
        word.size += df;
      }
      return word;
    });

    // The most selective word gives the candidates.
    const start = query.reduce((best, word) => (word.size < best.size ? word : best));
    if (start.size === 0) return { songs: [], total: 0 };
    // Its terms by how they match: once the page is full of better matches, worse terms are skipped.
    const startTerms = [...start.matches].sort((a, b) => a[1].kind - b[1].kind);

    const { seen, marked, stamp } = this.scratchMarks();
    const inNext = this.songsOfNextWord(query, start, cost, marked, stamp);
    const top = new TopK<Match>(wanted, (a, b) => this.compare(a, b));
    let total = 0;
    const tf = this.lengthFactors();
    const every = this.markWords(query);
    const scratch: Match = { ordinal: 0, kind: 0, field: 0, score: 0, name: undefined };
    // A term lists a song once: only a start word of several terms meets a song twice.
    const overlap = startTerms.length > 1;
    const removed = this.songs.length !== this.liveCount;
    try {
      for (const [id, { kind }] of startTerms) {
        const worst = top.worst();
        if (top.full() && worst && worst.kind < kind) break;
        const list = this.postings[id]!;
        const length = this.postingLengths[id]!;
        cost.postings += length;
        for (let p = 0; p < length; p += 1) {
          const ordinal = list[p]!;
          if (overlap) {
            if (seen[ordinal] === stamp) continue;
            seen[ordinal] = stamp;
          }
          if (removed && this.songs[ordinal] === undefined) continue;
          cost.candidates += 1;
          if (inNext && marked[ordinal] !== stamp) continue;
          cost.read += 1;
          if (every !== undefined && !this.holdsEvery(ordinal, every)) continue;
          cost.scored += 1;
          if (!this.matchOf(ordinal, query, tf, scratch)) continue;
          total += 1;
          // Most matches rank below a full page: only those that enter it are kept as objects.
          const worst = top.full() ? top.worst() : undefined;
          if (!top.full()) top.push({ ...scratch });
          else if (worst && this.compare(scratch, worst) < 0) top.replaceWorst({ ...scratch });
          scratch.name = undefined;
        }
      }
    } finally {
      this.unmarkWords(query);
    }
    return { songs: top.sorted().map((match) => this.songs[match.ordinal]!), total };
  }

  /**
   * Marks the songs of the most selective word after `start` with `stamp`, when its postings are
   * few enough (at most NEXT_WORD_SPAN times the start's) that marking them costs less than
   * reading every candidate's terms; whether it did. A query of common words then checks most
   * candidates with one read.
   */
  private songsOfNextWord(query: Word[], start: Word, cost: QueryCost, marked: Uint16Array, stamp: number): boolean {
    let next: Word | undefined;
    for (const word of query) if (word !== start && (!next || word.size < next.size)) next = word;
    if (!next || next.size > NEXT_WORD_SPAN * start.size) return false;
    for (const id of next.matches.keys()) {
      const list = this.postings[id]!;
      const length = this.postingLengths[id]!;
      cost.postings += length;
      for (let p = 0; p < length; p += 1) marked[list[p]!] = stamp;
    }
    return true;
  }

  /**
   * The marks of songs seen and of songs of the next word, kept between searches: a search's marks
   * are its stamp, so none is cleared song by song. Two new arrays of the catalogue's size per
   * search were most of the garbage a search left at a million songs (docs/performance.md).
   */
  private scratchMarks(): { seen: Uint16Array; marked: Uint16Array; stamp: number } {
    if (this.seenMarks.length < this.songs.length || this.stamp === 0xffff) {
      const size = Math.max(this.songs.length, Math.min(this.seenMarks.length * 2, this.songs.length + 65_536));
      this.seenMarks = new Uint16Array(size);
      this.nextMarks = new Uint16Array(size);
      this.stamp = 0;
    }
    this.stamp += 1;
    return { seen: this.seenMarks, marked: this.nextMarks, stamp: this.stamp };
  }

  /** Marks each query word's terms in `wordBits`; the bits a song needs, or undefined past MARKED_WORDS words. */
  private markWords(query: Word[]): number | undefined {
    if (query.length > MARKED_WORDS) return undefined;
    if (this.wordBits.length < this.terms.length) this.wordBits = new Uint32Array(Math.max(1024, this.terms.length * 2));
    query.forEach((word, i) => {
      for (const id of word.matches.keys()) this.wordBits[id]! |= 1 << i;
    });
    return 2 ** query.length - 1;
  }

  private unmarkWords(query: Word[]): void {
    if (query.length > MARKED_WORDS) return;
    for (const word of query) for (const id of word.matches.keys()) this.wordBits[id] = 0;
  }

  /** Whether the song holds a term of every query word: one read per term it holds. */
  private holdsEvery(ordinal: number, every: number): boolean {
    let held = 0;
    for (let e = this.starts[ordinal]!; e < this.starts[ordinal + 1]!; e += 1) held |= this.wordBits[this.forward[e]! >>> 3]!;
    return held === every;
  }

  /** BM25+'s term-frequency part for one occurrence, by field and field length, times the field's boost. */
  private lengthFactors(): Float64Array {
    const table = new Float64Array(3 * 256);
    for (let f = 0; f < 3; f += 1) {
      const average = (this.liveCount ? this.fieldLengthSums[f]! / this.liveCount : 1) || 1;
      for (let length = 0; length < 256; length += 1) {
        table[f * 256 + length] = BOOSTS[f]! * ((K + 1) / (1 + K * (1 - B + (B * length) / average)) + D);
      }
    }
    return table;
  }

  /**
   * The best `wanted`: whole-word and prefix matches rank before typo matches, so the first pass
   * looks for typos only in the words that have no whole-word (or, for the word being typed,
   * prefix) match at all. When that fills the page it is the answer; otherwise every word may
   * match with a typo. `complete` when these are every match there is.
   */
  best(words: string[], wanted: number): { found: T[]; complete: boolean } {
    if (words.length === 0) return { found: [], complete: true };
    const first = this.search(words, wanted, 'where-missing');
    if (first.total >= wanted) return { found: first.songs, complete: false };
    const all = this.search(words, wanted, 'all');
    return { found: all.songs, complete: all.total <= wanted };
  }

  /** Trims the posting lists' spare room (after a bulk build). */
  compact(): void {
    for (let id = 0; id < this.postings.length; id += 1) {
      const length = this.postingLengths[id]!;
      if (this.postings[id]!.length > length) this.postings[id] = this.postings[id]!.slice(0, length);
    }
    this.forward = this.forward.slice(0, this.forwardUsed);
  }

  /** The term ids a word matches. */
  private termsOf(word: Word): number[] {
    const ids: number[] = [];
    if (word.exact >= 0) ids.push(word.exact);
    if (word.prefix) {
      const [from, to] = this.prefixRange(word.text);
      for (let i = from; i < to; i += 1) if (this.sorted[i] !== word.exact) ids.push(this.sorted[i]!);
    }
    if (word.fuzzy) for (const id of word.fuzzy.keys()) if (id !== word.exact && !(word.prefix && this.terms[id]!.startsWith(word.text))) ids.push(id);
    return ids;
  }

  /** How the song matches every word, written into `into`; false when one word has no match in it. */
  private matchOf(ordinal: number, query: Word[], tf: Float64Array, into: Match): boolean {
    const from = this.starts[ordinal]!;
    const to = this.starts[ordinal + 1]!;
    const lengths = ordinal * 3;
    let kind = 0;
    let field = 0;
    let score = 0;
    for (const word of query) {
      let wordKind = 3;
      let wordField = 3;
      let wordScore = 0;
      for (let e = from; e < to; e += 1) {
        const entry = this.forward[e]!;
        const match = word.matches.get(entry >>> 3);
        if (!match) continue;
        const fields = entry & 7;
        const best = fields & 1 ? 0 : fields & 2 ? 1 : 2;
        if (match.kind < wordKind) {
          wordKind = match.kind;
          wordField = best;
        } else if (match.kind === wordKind && best < wordField) wordField = best;
        if (fields & 1) wordScore += match.weight * tf[this.fieldLengths[lengths]!]!;
        if (fields & 2) wordScore += match.weight * tf[256 + this.fieldLengths[lengths + 1]!]!;
        if (fields & 4) wordScore += match.weight * tf[512 + this.fieldLengths[lengths + 2]!]!;
      }
      if (wordKind === 3) return false;
      if (wordKind > kind) kind = wordKind;
      if (wordField > field) field = wordField;
      score += wordScore;
    }
    into.ordinal = ordinal;
    into.kind = kind;
    into.field = field;
    into.score = score;
    return true;
  }

  private compare(a: Match, b: Match): number {
    if (a.kind !== b.kind) return a.kind - b.kind;
    if (a.field !== b.field) return a.field - b.field;
    if (a.score !== b.score) return b.score - a.score;
    const x = (a.name ??= this.songs[a.ordinal]!.name);
    const y = (b.name ??= this.songs[b.ordinal]!.name);
    return x < y ? -1 : x > y ? 1 : a.ordinal - b.ordinal;
  }
}

/** The best `k` items seen, by `compare` (a bounded max-heap of the worst kept). */
class TopK<T> {
  private heap: T[] = [];
  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** Adds `item` to a page not yet full. */
  push(item: T): void {
    const heap = this.heap;
    if (heap.length >= this.k) return;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(heap[i]!, heap[parent]!) <= 0) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** Puts `item`, which the caller found better than the worst kept, in the worst's place. */
  replaceWorst(item: T): void {
    const heap = this.heap;
    heap[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && this.compare(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && this.compare(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) break;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  }

  full(): boolean {
    return this.heap.length >= this.k;
  }

  worst(): T | undefined {
    return this.heap[0];
  }

  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }
}
