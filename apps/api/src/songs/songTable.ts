import { SONG_OPTIONAL_FIELDS, type Song } from '@samaa/shared';
import { nextTurn } from '../eventLoop.js';
import { decodeSections, encodeSections } from './keptSections.js';

/*
 * The catalogue's songs in columns: one buffer holding each field as a typed array, the strings
 * songs share (artist, cover, album, album artist, genre) once each, a song's own strings (title,
 * audio URL, ISRC) as UTF-8 read when asked, ids as 12 bytes, and the rows in id order for lookups.
 * The same bytes are the songs' part of the snapshot file, so a restart reads them back without
 * parsing a song, and a million songs cost a fraction of the heap that one object per song with
 * its own strings does ([performance.md](../../../../docs/performance.md)).
 *
 * Each row is served as a `TableSong`: an object of one hidden field whose getters read the
 * columns. It reads as a `Song` everywhere and `JSON.stringify` gives the same bytes as the plain
 * song (`toJSON`); a spread or `Object.keys` sees nothing, so code that copies a song uses
 * `plainSong`.
 */

/** Every string field but the id, each kept as the kind its values call for (`TextKind`). */
const TEXT = ['name', 'artist', 'img', 'song', 'album', 'albumArtist', 'genre', 'isrc'] as const;
const NUMBERS = [
  'duration',
  'trackNumber',
  'discNumber',
  'year',
  'encoderDelay',
  'encoderPadding',
  'sampleRate',
  'replayGainTrackGain',
  'replayGainTrackPeak',
] as const;
/** Fields a song may lack: kept empty, they read as absent; a required field kept empty reads as ''. */
const OPTIONAL = new Set<string>(SONG_OPTIONAL_FIELDS);

export type TextField = (typeof TEXT)[number];
type NumberField = (typeof NUMBERS)[number];
/**
 * How a text column is kept: `shared`, a reference into the table's strings (values repeated
 * across songs: artist, album, cover…); `own`, the song's UTF-8 bytes, decoded when read (titles),
 * after a shared folder when `split` (a scanned song's URL is its album folder's and a file name).
 */
type TextKind = { kind: 'none' } | { kind: 'shared' } | { kind: 'own'; split: boolean; bytes: number };
/** How a number column is stored: the narrowest array that holds every value, one value left for "absent". */
type NumberKind = 'none' | 'u16' | 'u32' | 'f64';

const NONE = 0xffffffff;
/** An ObjectId's 24 hex digits, kept as its 12 bytes. */
const ID_BYTES = 12;
const HEX_ID = /^[0-9a-f]{24}$/;

/** An ObjectId's hex as the three big-endian words its 12 bytes are, or undefined when `id` is no ObjectId. */
export function idWords(id: string): [number, number, number] | undefined {
  if (!HEX_ID.test(id)) return undefined;
  return [parseInt(id.slice(0, 8), 16), parseInt(id.slice(8, 16), 16), parseInt(id.slice(16), 16)];
}
/** Rows encoded between two turns of the event loop. */
const ROWS_PER_TURN = 20_000;
/** Rows looked at to choose a text column's kind: the newest, as a scan adds a folder's songs together. */
const SAMPLE_ROWS = 10_000;
const MAGIC = 'samaa-songs 1';

interface Header {
  magic: string;
  rows: number;
  /** `hex`: every id is an ObjectId's 24 lowercase hex digits; `text`: kept as UTF-8 (that many bytes). */
  ids: 'hex' | number;
  /** How many strings the table shares, and their UTF-8 bytes. */
  strings: number;
  stringBytes: number;
  text: Record<TextField, TextKind>;
  numbers: Record<NumberField, NumberKind>;
}

type NumberColumn = Uint16Array | Uint32Array | Float64Array;

interface OwnColumn {
  /** Row `r`'s folder (a shared string, NONE for none) and its bytes, `bytes[offsets[r]..offsets[r + 1]]`. */
  dirs: Uint32Array | undefined;
  offsets: Uint32Array;
  bytes: Buffer;
}

type TextColumn = { refs: Uint32Array } | OwnColumn | undefined;

/** Each stored kind's array, and the value it keeps for "absent". */
const NUMBER_ARRAYS = {
  u16: { array: Uint16Array, absent: 0xffff },
  u32: { array: Uint32Array, absent: NONE },
  f64: { array: Float64Array, absent: Number.NaN },
} as const;

/** A number column and the value it keeps for "absent". */
interface NumberValues {
  values: NumberColumn;
  absent: number;
}

/** The kind that stores every song's `field` exactly. */
function kindOf(songs: readonly Song[], field: NumberField): NumberKind {
  let kind: NumberKind = 'none';
  for (const song of songs) {
    const value = song[field];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value >= NONE || Object.is(value, -0)) return 'f64';
    if (value >= 0xffff) kind = 'u32';
    else if (kind === 'none') kind = 'u16';
  }
  return kind;
}

/** Where a row finds its table: on the prototype each table gives its rows (`SongTable.songs`). */
const TABLE = Symbol('songTable');

/**
 * A row of a table, read through its columns. It holds only its row number: its table is on its
 * class's prototype, one class per table, so a million rows are a million objects of one field.
 */
class TableSong implements Song {
  declare readonly [TABLE]: SongTable;
  readonly #row: number;

  constructor(row: number) {
    this.#row = row;
  }

  /** The class of `table`'s rows. */
  static rowsOf(table: SongTable): new (row: number) => TableSong {
    const Row = class extends TableSong {};
    Object.defineProperty(Row.prototype, TABLE, { value: table });
    return Row;
  }

  get _id(): string {
    return this[TABLE].idAt(this.#row);
  }
  get name(): string {
    return this[TABLE].text('name', this.#row) ?? '';
  }
  get artist(): string {
    return this[TABLE].text('artist', this.#row) ?? '';
  }
  get img(): string {
    return this[TABLE].text('img', this.#row) ?? '';
  }
  get song(): string {
    return this[TABLE].text('song', this.#row) ?? '';
  }
  get duration() {
    return this[TABLE].number('duration', this.#row);
  }
  get album() {
    return this[TABLE].text('album', this.#row);
  }
  get albumArtist() {
    return this[TABLE].text('albumArtist', this.#row);
  }
  get trackNumber() {
    return this[TABLE].number('trackNumber', this.#row);
  }
  get discNumber() {
    return this[TABLE].number('discNumber', this.#row);
  }
  get year() {
    return this[TABLE].number('year', this.#row);
  }
  get genre() {
    return this[TABLE].text('genre', this.#row);
  }
  get encoderDelay() {
    return this[TABLE].number('encoderDelay', this.#row);
  }
  get encoderPadding() {
    return this[TABLE].number('encoderPadding', this.#row);
  }
  get sampleRate() {
    return this[TABLE].number('sampleRate', this.#row);
  }
  get replayGainTrackGain() {
    return this[TABLE].number('replayGainTrackGain', this.#row);
  }
  get replayGainTrackPeak() {
    return this[TABLE].number('replayGainTrackPeak', this.#row);
  }
  get isrc() {
    return this[TABLE].text('isrc', this.#row);
  }

  /** The plain song, fields in the order a database read gives them (`toSong`). */
  toJSON(): Song {
    return plainSong(this);
  }

  /** The table this song is a row of, and the row. */
  static placeOf(song: Song): { table: SongTable; row: number } | undefined {
    return #row in song ? { table: song[TABLE], row: song.#row } : undefined;
  }
}

/** A song as a plain object, fields in `toSong`'s order, absent ones left out: what a spread of a stored song gives. */
export function plainSong(song: Song): Song {
  const out: Song = { _id: song._id, name: song.name, artist: song.artist, img: song.img, song: song.song };
  for (const field of SONG_OPTIONAL_FIELDS) {
    const value = song[field];
    if (value !== undefined) (out as unknown as Record<string, unknown>)[field] = value;
  }
  return out;
}

/** The songs of one table, as columns over one buffer. */
export class SongTable {
  readonly rows: number;
  /** The table as kept in the snapshot file. */
  readonly bytes: Buffer;
  /** Twelve bytes per row, or the ids' own text. */
  private readonly idBytes: Buffer | undefined;
  private readonly idText: OwnColumn | undefined;
  /** The rows in id order. */
  private readonly idOrder: Uint32Array;
  private readonly strings: string[];
  private readonly columns: Record<TextField, TextColumn>;
  private readonly numbers: Record<NumberField, NumberValues | undefined>;
  private list: Song[] | undefined;

  /** Reads a table from `bytes` (as `encodeSongTable` made them); throws when they are not one. */
  constructor(bytes: Buffer) {
    // Typed arrays need their offsets aligned: a slice of a larger buffer is copied once.
    this.bytes = bytes.byteOffset % 8 === 0 ? bytes : alignedCopy(bytes);
    const read = sectionReader(this.bytes);
    const header = read.header as Header;
    if (header?.magic !== MAGIC || !Number.isSafeInteger(header.rows) || header.rows < 0) throw new Error('the kept songs are not a song table');
    const rows = (this.rows = header.rows);
    if (header.ids === 'hex') this.idBytes = read.bytes(rows * ID_BYTES);
    else this.idText = { dirs: undefined, offsets: read.u32(rows + 1), bytes: read.bytes(header.ids) };
    this.idOrder = read.u32(rows);
    const stringOffsets = read.u32(header.strings + 1);
    const stringBytes = read.bytes(header.stringBytes);
    this.strings = Array.from({ length: header.strings }, (_, i) => stringBytes.toString('utf8', stringOffsets[i], stringOffsets[i + 1]));
    const column = (kind: TextKind): TextColumn => {
      if (kind.kind === 'shared') return { refs: read.u32(rows) };
      if (kind.kind !== 'own') return undefined;
      return { dirs: kind.split ? read.u32(rows) : undefined, offsets: read.u32(rows + 1), bytes: read.bytes(kind.bytes) };
    };
    this.columns = Object.fromEntries(TEXT.map((field) => [field, column(header.text[field])])) as Record<TextField, TextColumn>;
    this.numbers = Object.fromEntries(NUMBERS.map((field) => [field, read.numbers(header.numbers[field], rows)])) as Record<NumberField, NumberValues | undefined>;
    read.end();
  }

  /** One song object per row, in the table's order, made once. */
  songs(): Song[] {
    if (!this.list) {
      const list: Song[] = new Array<Song>(this.rows);
      const Row = TableSong.rowsOf(this);
      for (let row = 0; row < this.rows; row += 1) list[row] = new Row(row);
      this.list = list;
    }
    return this.list;
  }

  /** The rows in id order (a new table of a patched list merges its songs into it). */
  rowsInIdOrder(): Uint32Array {
    return this.idOrder;
  }

  /** Whether `songs` is this table's own list. */
  isListOf(songs: readonly Song[]): boolean {
    return this.list === songs;
  }

  /** The row holding `id`, or -1. */
  rowOf(id: string): number {
    const { idOrder, idBytes } = this;
    const words = idBytes ? idWords(id) : undefined;
    if (idBytes && !words) return -1;
    const [a, b, c] = words ?? [0, 0, 0];
    let low = 0;
    let high = this.rows - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const row = idOrder[mid]!;
      let order: number;
      if (idBytes) {
        const at = row * ID_BYTES;
        order = idBytes.readUInt32BE(at) - a || idBytes.readUInt32BE(at + 4) - b || idBytes.readUInt32BE(at + 8) - c;
      } else order = compareText(this.idAt(row), id);
      if (order === 0) return row;
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** Copies row `row`'s 12 id bytes into `into` at `at`; false when this table keeps its ids as text. */
  copyIdBytes(row: number, into: Buffer, at: number): boolean {
    if (!this.idBytes) return false;
    this.idBytes.copy(into, at, row * ID_BYTES, (row + 1) * ID_BYTES);
    return true;
  }

  idAt(row: number): string {
    if (!this.idBytes) return ownText(this.strings, this.idText!, row);
    return this.idBytes.toString('hex', row * ID_BYTES, (row + 1) * ID_BYTES);
  }

  /** A text field of a row; an optional one kept empty is absent. */
  text(field: TextField, row: number): string | undefined {
    const column = this.columns[field];
    let value = '';
    if (column && 'refs' in column) value = column.refs[row] === NONE ? '' : this.strings[column.refs[row]!]!;
    else if (column) value = ownText(this.strings, column, row);
    return value === '' && OPTIONAL.has(field) ? undefined : value;
  }

  /**
   * Whether a row's text starts with `prefix`, settled by its shared string (a value or a folder)
   * when that can: `memo` keeps, per shared string, 1 when it starts with `prefix`, 2 when it
   * cannot, 3 when the rest of the value decides.
   */
  startsWith(field: TextField, row: number, prefix: string, memo: Uint8Array): boolean {
    const column = this.columns[field];
    const ref = !column ? NONE : 'refs' in column ? column.refs[row]! : column.dirs ? column.dirs[row]! : NONE;
    if (ref !== NONE) {
      let judged = memo[ref]!;
      if (judged === 0) {
        const shared = this.strings[ref]!;
        judged = memo[ref] = shared.startsWith(prefix) ? 1 : 'refs' in column! || !prefix.startsWith(shared) ? 2 : 3;
      }
      if (judged !== 3) return judged === 1;
    }
    return (this.text(field, row) ?? '').startsWith(prefix);
  }

  /** Room for `startsWith`'s judgement of each shared string. */
  stringMemo(): Uint8Array {
    return new Uint8Array(this.strings.length);
  }

  number(field: NumberField, row: number): number | undefined {
    const column = this.numbers[field];
    if (!column) return undefined;
    const value = column.values[row]!;
    return Number.isNaN(value) || value === column.absent ? undefined : value;
  }
}

function ownText(strings: readonly string[], { dirs, offsets, bytes }: OwnColumn, row: number): string {
  const tail = bytes.toString('utf8', offsets[row], offsets[row + 1]);
  const dir = dirs ? dirs[row]! : NONE;
  return dir === NONE ? tail : strings[dir]! + tail;
}

function alignedCopy(bytes: Buffer): Buffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return Buffer.from(copy.buffer, 0, copy.length);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A song's place in `songs` (the snapshot's list), as kept views name their songs: a table's own
 * list places each song at its row; otherwise a map, made on the first lookup, so a view whose
 * songs sit at their places never makes it.
 */
export function songPlaces(songs: readonly Song[]): (song: Song) => number | undefined {
  const table = tableOf(songs);
  if (table) return (song) => rowIn(table, song);
  let places: Map<Song, number> | undefined;
  return (song) => {
    if (!places) {
      places = new Map();
      songs.forEach((each, place) => places!.set(each, place));
    }
    return places.get(song);
  };
}

/** The table `songs` is, row for row, if it is a table's own list (`SongTable.songs()`). */
export function tableOf(songs: readonly Song[]): SongTable | undefined {
  const table = songs.length > 0 ? TableSong.placeOf(songs[0]!)?.table : undefined;
  return table?.isListOf(songs) ? table : undefined;
}

/** How many of `songs` are plain objects, not rows of a table (written since the table was made). */
export function plainSongCount(songs: readonly Song[]): number {
  let plain = 0;
  for (const song of songs) if (!TableSong.placeOf(song)) plain += 1;
  return plain;
}

/** The table and row of `song`, if it is a row of a table. */
export function tablePlaceOf(song: Song): { table: SongTable; row: number } | undefined {
  return TableSong.placeOf(song);
}

/** The row of `song` in `table`, if it is one of its rows. */
export function rowIn(table: SongTable, song: Song): number | undefined {
  const place = TableSong.placeOf(song);
  return place?.table === table ? place.row : undefined;
}

/**
 * How many of `songs` have `field` starting with `prefix` (a folder's songs by their audio URL):
 * a table's row is judged by its shared folder or value, so a million URLs are not decoded.
 */
export function countStartingWith(songs: readonly Song[], field: TextField, prefix: string): number {
  const memos = new Map<SongTable, Uint8Array>();
  let count = 0;
  for (const song of songs) {
    const place = TableSong.placeOf(song);
    if (!place) {
      if ((song[field] ?? '').startsWith(prefix)) count += 1;
      continue;
    }
    let memo = memos.get(place.table);
    if (!memo) memos.set(place.table, (memo = place.table.stringMemo()));
    if (place.table.startsWith(field, place.row, prefix, memo)) count += 1;
  }
  return count;
}

/** Where a text value is cut into a shared folder and its own rest (after the last '/'). */
const cutOf = (value: string) => value.lastIndexOf('/') + 1;

/** The kind of `field` for `songs`, from the newest rows: shared when values repeat, else own (split when folders repeat). */
function textKindOf(songs: readonly Song[], field: TextField): TextKind {
  const sample = Math.min(songs.length, SAMPLE_ROWS);
  const values = new Set<string>();
  const dirs = new Map<string, number>();
  let present = 0;
  for (let row = 0; row < sample; row += 1) {
    const value = songs[row]![field];
    if (value === undefined || value === '') continue;
    present += 1;
    values.add(value);
    const dir = value.slice(0, cutOf(value));
    if (dir) dirs.set(dir, (dirs.get(dir) ?? 0) + 1);
  }
  if (present === 0 && !songs.some((song) => song[field])) return { kind: 'none' };
  if (values.size * 2 <= present) return { kind: 'shared' };
  let inRepeatedDirs = 0;
  for (const count of dirs.values()) if (count > 1) inRepeatedDirs += count;
  return { kind: 'own', split: inRepeatedDirs * 2 > present, bytes: 0 };
}

/** The table's shared strings: one reference per distinct value. */
function stringTable() {
  const refs = new Map<string, number>();
  return {
    refOf(value: string): number {
      let ref = refs.get(value);
      if (ref === undefined) refs.set(value, (ref = refs.size));
      return ref;
    },
    sections(): { offsets: Uint32Array; bytes: Buffer } {
      const offsets = new Uint32Array(refs.size + 1);
      let at = 0;
      let i = 0;
      for (const value of refs.keys()) offsets[++i] = at += Buffer.byteLength(value);
      return { offsets, bytes: Buffer.from([...refs.keys()].join('')) };
    },
  };
}

/**
 * Each song's id as 12 bytes, or undefined when one is not an ObjectId's hex. A row of a table is
 * copied from its bytes: a million id strings are not made to be written again.
 */
function hexIdBytesOf(songs: readonly Song[]): Buffer | undefined {
  const bytes = Buffer.alloc(songs.length * ID_BYTES);
  for (let row = 0; row < songs.length; row += 1) {
    const song = songs[row]!;
    const place = TableSong.placeOf(song);
    if (place?.table.copyIdBytes(place.row, bytes, row * ID_BYTES)) continue;
    const id = song._id;
    if (!idWords(id)) return undefined;
    bytes.write(id, row * ID_BYTES, ID_BYTES, 'hex');
  }
  return bytes;
}

/** A column of own text: each row's bytes after its folder, if split, written as they are read. */
async function ownColumn(values: (row: number) => string | undefined, rows: number, split: boolean, strings: ReturnType<typeof stringTable>) {
  const dirs = split ? new Uint32Array(rows) : undefined;
  const offsets = new Uint32Array(rows + 1);
  let bytes = Buffer.allocUnsafe(Math.max(64, rows * 16));
  let at = 0;
  for (let row = 0; row < rows; row += 1) {
    const value = values(row) ?? '';
    const cut = split ? cutOf(value) : 0;
    if (dirs) dirs[row] = cut > 0 ? strings.refOf(value.slice(0, cut)) : NONE;
    const tail = cut > 0 ? value.slice(cut) : value;
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (at + tail.length * 3 > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, at + tail.length * 3));
      bytes.copy(grown, 0, 0, at);
      bytes = grown;
    }
    offsets[row + 1] = at += bytes.write(tail, at);
    if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  return { sections: [...(dirs ? [dirs] : []), offsets, bytes.subarray(0, at)], bytes: at };
}

/** The songs as a table's bytes, made a slice of rows per turn of the event loop (a table's own list is its bytes). */
export async function encodeSongTable(songs: readonly Song[]): Promise<Buffer> {
  const kept = tableOf(songs);
  if (kept) return kept.bytes;
  const rows = songs.length;
  const strings = stringTable();
  const sections: ArrayBufferView[] = [];
  const hexBytes = hexIdBytesOf(songs);
  const hex = hexBytes !== undefined;
  let idBytes = 0;
  if (hexBytes) {
    const bytes = hexBytes;
    const word = (row: number, at: number) => bytes.readUInt32BE(row * ID_BYTES + at);
    const compare = (a: number, b: number) => word(a, 0) - word(b, 0) || word(a, 4) - word(b, 4) || word(a, 8) - word(b, 8);
    const earlier = earlierRows(songs);
    sections.push(bytes, earlier ? mergedIdOrder(rows, compare, earlier) : idOrderOf(rows, compare));
  } else {
    const ids = songs.map((song) => song._id);
    const own = await ownColumn((row) => ids[row], rows, false, strings);
    idBytes = own.bytes;
    sections.push(...own.sections, idOrderOf(rows, (a, b) => compareText(ids[a]!, ids[b]!)));
  }
  await nextTurn();

  const text = {} as Record<TextField, TextKind>;
  const columns: ArrayBufferView[] = [];
  for (const field of TEXT) {
    const kind = (text[field] = textKindOf(songs, field));
    const valueAt = (row: number) => {
      const value = songs[row]![field];
      return value === '' && OPTIONAL.has(field) ? undefined : value;
    };
    if (kind.kind === 'shared') {
      const refs = new Uint32Array(rows);
      for (let row = 0; row < rows; row += 1) {
        const value = valueAt(row);
        refs[row] = value === undefined ? NONE : strings.refOf(value);
        if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
      }
      columns.push(refs);
    } else if (kind.kind === 'own') {
      const own = await ownColumn(valueAt, rows, kind.split, strings);
      kind.bytes = own.bytes;
      columns.push(...own.sections);
    }
  }
  const table = strings.sections();
  sections.push(table.offsets, table.bytes, ...columns);

  const numbers = {} as Record<NumberField, NumberKind>;
  for (const field of NUMBERS) {
    const kind = (numbers[field] = kindOf(songs, field));
    if (kind === 'none') continue;
    const { array, absent } = NUMBER_ARRAYS[kind];
    const column = new array(rows);
    for (let row = 0; row < rows; row += 1) column[row] = songs[row]![field] ?? absent;
    sections.push(column);
    await nextTurn();
  }
  const header: Header = { magic: MAGIC, rows, ids: hex ? 'hex' : idBytes, strings: table.offsets.length - 1, stringBytes: table.bytes.length, text, numbers };
  return encodeSections(header, sections, 8);
}

/**
 * The rows ordered by id. They are given oldest first: ids grow with their insert time and the list
 * is newest first, so the sort (a merge of runs) meets them almost in order.
 */
function idOrderOf(rows: number, compare: (a: number, b: number) => number): Uint32Array {
  const order = new Uint32Array(rows);
  for (let row = 0; row < rows; row += 1) order[row] = rows - 1 - row;
  return order.sort(compare);
}

/** Where the rows of one earlier table sit in `songs` (by that table's row, -1 when gone), and the songs that are none of its rows. */
interface EarlierRows {
  inIdOrder: Uint32Array;
  placeOfRow: Int32Array;
  others: number[];
}

/** The earlier table most of `songs` come from (a list a write patched), if any. */
function earlierRows(songs: readonly Song[]): EarlierRows | undefined {
  const table = songs.length > 0 ? TableSong.placeOf(songs[songs.length - 1]!)?.table : undefined;
  if (!table) return undefined;
  const placeOfRow = new Int32Array(table.rows).fill(-1);
  const others: number[] = [];
  songs.forEach((song, at) => {
    const place = TableSong.placeOf(song);
    if (place?.table === table) placeOfRow[place.row] = at;
    else others.push(at);
  });
  return { inIdOrder: table.rowsInIdOrder(), placeOfRow, others };
}

/** The id order of a patched list: the earlier table's order, with the other songs sorted and merged in (no sort of the whole). */
function mergedIdOrder(rows: number, compare: (a: number, b: number) => number, { inIdOrder, placeOfRow, others }: EarlierRows): Uint32Array {
  const sorted = Uint32Array.from(others).sort(compare);
  const order = new Uint32Array(rows);
  let n = 0;
  let next = 0;
  for (const row of inIdOrder) {
    const at = placeOfRow[row]!;
    if (at < 0) continue;
    while (next < sorted.length && compare(sorted[next]!, at) < 0) order[n++] = sorted[next++]!;
    order[n++] = at;
  }
  while (next < sorted.length) order[n++] = sorted[next++]!;
  return order;
}

/** The table's sections as views of its bytes: one buffer, nothing copied. */
function sectionReader(bytes: Buffer) {
  const { header, read } = decodeSections<unknown>(bytes, 'songs', 8);
  return {
    header,
    u32: (count: number) => read.view(Uint32Array, count),
    bytes: (byteLength: number) => read.bytes(byteLength),
    numbers(kind: NumberKind, rows: number): NumberValues | undefined {
      if (kind === 'none') return undefined;
      if (!Object.hasOwn(NUMBER_ARRAYS, kind)) throw new Error('the kept songs name an unknown number column');
      const { array, absent } = NUMBER_ARRAYS[kind];
      return { values: read.view<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(array, rows), absent };
    },
    end: () => read.end(),
  };
}

/** The songs as a table: the same values, one buffer (a whole read of the catalogue goes through it). */
export async function songTableOf(songs: readonly Song[]): Promise<SongTable> {
  return new SongTable(await encodeSongTable(songs));
}
