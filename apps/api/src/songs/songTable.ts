import { SONG_OPTIONAL_FIELDS, type Song } from '@samaa/shared';
import { nextTurn } from '../eventLoop.js';

/*
 * The catalogue's songs in columns: one buffer holding each field as a typed array, the strings
 * songs share (artist, cover, album, album artist, genre) once each, a song's own strings (title,
 * audio URL, ISRC) as UTF-8 read when asked, ids as 12 bytes, and the rows in id order for lookups.
 * The same bytes are the songs' part of the snapshot file, so a restart reads them back without
 * parsing a song, and a million songs cost a fraction of the heap that one object per song with
 * its own strings does ([performance.md](../../../../docs/performance.md)).
 *
 * Each row is served as a `TableSong`: an object of two hidden fields whose getters read the
 * columns. It reads as a `Song` everywhere and `JSON.stringify` gives the same bytes as the plain
 * song (`toJSON`); a spread or `Object.keys` sees nothing, so code that copies a song uses
 * `plainSong`.
 */

/** Strings repeated across songs: each distinct value is one string, decoded when the table loads. */
const SHARED_TEXT = ['artist', 'img', 'album', 'albumArtist', 'genre'] as const;
/** A song's own strings, kept as UTF-8 and decoded when read (a million titles as strings cost more than as bytes). */
const OWN_TEXT = ['name', 'song', 'isrc'] as const;
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
/** Fields a song may lack; a required field kept empty still reads as ''. */
const OPTIONAL = new Set<string>(SONG_OPTIONAL_FIELDS);

type SharedField = (typeof SHARED_TEXT)[number];
type OwnField = (typeof OWN_TEXT)[number];
type NumberField = (typeof NUMBERS)[number];
/** How a number column is stored: the narrowest array that holds every value, one value left for "absent". */
type NumberKind = 'none' | 'u16' | 'u32' | 'f64';

const NONE = 0xffffffff;
const ID_BYTES = 12;
const HEX_ID = /^[0-9a-f]{24}$/;
/** Rows encoded between two turns of the event loop. */
const ROWS_PER_TURN = 20_000;
const MAGIC = 'samaa-songs 1';

interface Header {
  magic: string;
  rows: number;
  /** `hex`: every id is an ObjectId's 24 lowercase hex digits, kept as 12 bytes; `text`: kept as UTF-8. */
  ids: 'hex' | 'text';
  shared: number;
  numbers: Record<NumberField, NumberKind>;
  /** Byte lengths of the UTF-8 sections, in the order they are written. */
  textBytes: number[];
}

type NumberColumn = Uint16Array | Uint32Array | Float64Array;

interface OwnColumn {
  /** Row `r`'s bytes are `bytes[offsets[r]..offsets[r + 1]]`. */
  offsets: Uint32Array;
  bytes: Buffer;
}

const absentIn = (column: NumberColumn) => (column instanceof Uint16Array ? 0xffff : column instanceof Uint32Array ? NONE : Number.NaN);

/** The kind that stores `values` exactly. */
function kindOf(values: readonly (number | undefined)[]): NumberKind {
  let kind: NumberKind = 'none';
  for (const value of values) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value >= NONE || Object.is(value, -0)) return 'f64';
    if (value >= 0xffff) kind = 'u32';
    else if (kind === 'none') kind = 'u16';
  }
  return kind;
}

function numberColumn(kind: NumberKind, rows: number): NumberColumn | undefined {
  if (kind === 'u16') return new Uint16Array(rows);
  if (kind === 'u32') return new Uint32Array(rows);
  if (kind === 'f64') return new Float64Array(rows);
  return undefined;
}

/** A row of a table, read through its columns. */
class TableSong implements Song {
  readonly #table: SongTable;
  readonly #row: number;

  constructor(table: SongTable, row: number) {
    this.#table = table;
    this.#row = row;
  }

  get _id(): string {
    return this.#table.idAt(this.#row);
  }
  get name(): string {
    return this.#table.own('name', this.#row) ?? '';
  }
  get artist(): string {
    return this.#table.shared('artist', this.#row) ?? '';
  }
  get img(): string {
    return this.#table.shared('img', this.#row) ?? '';
  }
  get song(): string {
    return this.#table.own('song', this.#row) ?? '';
  }
  get duration() {
    return this.#table.number('duration', this.#row);
  }
  get album() {
    return this.#table.shared('album', this.#row);
  }
  get albumArtist() {
    return this.#table.shared('albumArtist', this.#row);
  }
  get trackNumber() {
    return this.#table.number('trackNumber', this.#row);
  }
  get discNumber() {
    return this.#table.number('discNumber', this.#row);
  }
  get year() {
    return this.#table.number('year', this.#row);
  }
  get genre() {
    return this.#table.shared('genre', this.#row);
  }
  get encoderDelay() {
    return this.#table.number('encoderDelay', this.#row);
  }
  get encoderPadding() {
    return this.#table.number('encoderPadding', this.#row);
  }
  get sampleRate() {
    return this.#table.number('sampleRate', this.#row);
  }
  get replayGainTrackGain() {
    return this.#table.number('replayGainTrackGain', this.#row);
  }
  get replayGainTrackPeak() {
    return this.#table.number('replayGainTrackPeak', this.#row);
  }
  get isrc() {
    return this.#table.own('isrc', this.#row);
  }

  /** The plain song, fields in the order a database read gives them (`toSong`). */
  toJSON(): Song {
    return plainSong(this);
  }

  /** The table this song is a row of, and the row. */
  static placeOf(song: Song): { table: SongTable; row: number } | undefined {
    return #table in song ? { table: song.#table, row: song.#row } : undefined;
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
  private readonly hexIds: Uint8Array | undefined;
  private readonly textIds: OwnColumn | undefined;
  /** The rows in id order. */
  private readonly idOrder: Uint32Array;
  private readonly sharedStrings: string[];
  private readonly sharedRefs: Record<SharedField, Uint32Array>;
  private readonly ownText: Record<OwnField, OwnColumn>;
  private readonly numbers: Record<NumberField, NumberColumn | undefined>;
  private list: Song[] | undefined;

  /** Reads a table from `bytes` (as `encodeSongTable` made them); throws when they are not one. */
  constructor(bytes: Buffer) {
    // Typed arrays need their offsets aligned: a slice of a larger buffer is copied once.
    this.bytes = bytes.byteOffset % 8 === 0 ? bytes : alignedCopy(bytes);
    const read = sectionReader(this.bytes);
    const header = read.header as Header;
    if (header?.magic !== MAGIC || !Number.isSafeInteger(header.rows) || header.rows < 0) throw new Error('the kept songs are not a song table');
    const rows = (this.rows = header.rows);
    const texts = [...header.textBytes];
    const ownColumn = (): OwnColumn => ({ offsets: read.u32(rows + 1), bytes: read.bytes(texts.shift() ?? 0) });
    if (header.ids === 'hex') this.hexIds = read.u8(rows * ID_BYTES);
    else this.textIds = ownColumn();
    this.idOrder = read.u32(rows);
    const sharedOffsets = read.u32(header.shared + 1);
    const sharedBytes = read.bytes(texts.shift() ?? 0);
    this.sharedStrings = Array.from({ length: header.shared }, (_, i) => sharedBytes.toString('utf8', sharedOffsets[i], sharedOffsets[i + 1]));
    this.sharedRefs = Object.fromEntries(SHARED_TEXT.map((field) => [field, read.u32(rows)])) as Record<SharedField, Uint32Array>;
    this.ownText = Object.fromEntries(OWN_TEXT.map((field) => [field, ownColumn()])) as Record<OwnField, OwnColumn>;
    this.numbers = Object.fromEntries(NUMBERS.map((field) => [field, read.numbers(header.numbers[field], rows)])) as Record<NumberField, NumberColumn | undefined>;
    read.end();
  }

  /** One song object per row, in the table's order, made once. */
  songs(): Song[] {
    if (!this.list) {
      const list: Song[] = new Array<Song>(this.rows);
      for (let row = 0; row < this.rows; row += 1) list[row] = new TableSong(this, row);
      this.list = list;
    }
    return this.list;
  }

  /** Whether `songs` is this table's own list. */
  isListOf(songs: readonly Song[]): boolean {
    return this.list === songs;
  }

  /** The row holding `id`, or -1. */
  rowOf(id: string): number {
    const { idOrder } = this;
    let low = 0;
    let high = this.rows - 1;
    const hex = this.hexIds ? (HEX_ID.test(id) ? Buffer.from(id, 'hex') : undefined) : undefined;
    if (this.hexIds && !hex) return -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const row = idOrder[mid]!;
      const order = hex ? compareHex(this.hexIds!, row, hex) : compareText(this.idAt(row), id);
      if (order === 0) return row;
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  idAt(row: number): string {
    if (this.hexIds) return Buffer.from(this.hexIds.buffer, this.hexIds.byteOffset + row * ID_BYTES, ID_BYTES).toString('hex');
    return textAt(this.textIds!, row) ?? '';
  }

  shared(field: SharedField, row: number): string | undefined {
    const ref = this.sharedRefs[field][row]!;
    return ref === NONE ? undefined : this.sharedStrings[ref];
  }

  own(field: OwnField, row: number): string | undefined {
    const text = textAt(this.ownText[field], row);
    return text === '' && OPTIONAL.has(field) ? undefined : text;
  }

  number(field: NumberField, row: number): number | undefined {
    const column = this.numbers[field];
    if (!column) return undefined;
    const value = column[row]!;
    return Number.isNaN(value) || value === absentIn(column) ? undefined : value;
  }
}

function alignedCopy(bytes: Buffer): Buffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return Buffer.from(copy.buffer, 0, copy.length);
}

const textAt = ({ offsets, bytes }: OwnColumn, row: number) => bytes.toString('utf8', offsets[row], offsets[row + 1]);

function compareHex(ids: Uint8Array, row: number, id: Uint8Array): number {
  const at = row * ID_BYTES;
  for (let i = 0; i < ID_BYTES; i += 1) {
    const d = ids[at + i]! - id[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The table `songs` is, row for row, if it is a table's own list (`SongTable.songs()`). */
export function tableOf(songs: readonly Song[]): SongTable | undefined {
  const table = songs.length > 0 ? TableSong.placeOf(songs[0]!)?.table : undefined;
  return table?.isListOf(songs) ? table : undefined;
}

/** The row of `song` in `table`, if it is one of its rows. */
export function rowIn(table: SongTable, song: Song): number | undefined {
  const place = TableSong.placeOf(song);
  return place?.table === table ? place.row : undefined;
}

/** The songs as a table's bytes, made a slice of rows per turn of the event loop (a table's own list is its bytes). */
export async function encodeSongTable(songs: readonly Song[]): Promise<Buffer> {
  const kept = tableOf(songs);
  if (kept) return kept.bytes;
  const rows = songs.length;
  const ids = songs.map((song) => song._id);
  const hex = ids.every((id) => HEX_ID.test(id));
  const sections: ArrayBufferView[] = [];
  const textBytes: number[] = [];
  const own = async (text: (song: Song) => string | undefined) => {
    const offsets = new Uint32Array(rows + 1);
    const parts: Buffer[] = [];
    let length = 0;
    for (let row = 0; row < rows; row += 1) {
      const bytes = Buffer.from(text(songs[row]!) ?? '');
      parts.push(bytes);
      length += bytes.length;
      offsets[row + 1] = length;
      if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
    }
    const bytes = Buffer.concat(parts, length);
    sections.push(offsets, bytes);
    textBytes.push(bytes.length);
  };
  if (hex) sections.push(Buffer.from(ids.join(''), 'hex'));
  else await own((song) => song._id);
  sections.push(idOrder(ids));
  await nextTurn();

  const shared = new Map<string, number>();
  const refs = SHARED_TEXT.map(() => new Uint32Array(rows));
  for (let row = 0; row < rows; row += 1) {
    const song = songs[row]!;
    SHARED_TEXT.forEach((field, i) => {
      const value = song[field];
      let ref = NONE;
      if (value !== undefined && !(value === '' && OPTIONAL.has(field))) {
        ref = shared.get(value) ?? shared.size;
        if (ref === shared.size) shared.set(value, ref);
      }
      refs[i]![row] = ref;
    });
    if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  const sharedParts = [...shared.keys()].map((text) => Buffer.from(text));
  const sharedOffsets = new Uint32Array(shared.size + 1);
  sharedParts.forEach((part, i) => (sharedOffsets[i + 1] = sharedOffsets[i]! + part.length));
  const sharedBytes = Buffer.concat(sharedParts);
  sections.push(sharedOffsets, sharedBytes);
  textBytes.push(sharedBytes.length);
  sections.push(...refs);

  for (const field of OWN_TEXT) await own((song) => song[field]);

  const numbers = {} as Record<NumberField, NumberKind>;
  for (const field of NUMBERS) {
    const values = songs.map((song) => song[field]);
    const kind = (numbers[field] = kindOf(values));
    const column = numberColumn(kind, rows);
    if (!column) continue;
    const absent = absentIn(column);
    values.forEach((value, row) => (column[row] = value ?? absent));
    sections.push(column);
    await nextTurn();
  }
  const header: Header = { magic: MAGIC, rows, ids: hex ? 'hex' : 'text', shared: shared.size, numbers, textBytes };
  return writeSections(header, sections);
}

/** The rows ordered by id (ids compare as their hex digits do as bytes). */
function idOrder(ids: readonly string[]): Uint32Array {
  const order = Uint32Array.from(ids.keys());
  return order.sort((a, b) => compareText(ids[a]!, ids[b]!));
}

const padded8 = (n: number) => (n + 7) & ~7;

/** A JSON header line, then each section, each starting on a multiple of 8 bytes. */
function writeSections(header: Header, sections: readonly ArrayBufferView[]): Buffer {
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
  let length = padded8(headerLine.length);
  for (const section of sections) length += padded8(section.byteLength);
  const out = Buffer.alloc(length);
  headerLine.copy(out);
  let at = padded8(headerLine.length);
  for (const section of sections) {
    out.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at);
    at += padded8(section.byteLength);
  }
  return out;
}

/** Reads the sections `writeSections` wrote, as views of `bytes` (aligned: `bytes` starts on a multiple of 8). */
function sectionReader(bytes: Buffer) {
  const lineEnd = bytes.indexOf(10);
  if (lineEnd < 0) throw new Error('the kept songs have no header');
  const header = JSON.parse(bytes.toString('utf8', 0, lineEnd)) as unknown;
  let at = padded8(lineEnd + 1);
  const take = (byteLength: number) => {
    if (!(Number.isSafeInteger(byteLength) && byteLength >= 0 && at + byteLength <= bytes.length)) throw new Error('the kept songs are cut short');
    const start = bytes.byteOffset + at;
    at += padded8(byteLength);
    return start;
  };
  return {
    header,
    u8: (count: number) => new Uint8Array(bytes.buffer, take(count), count),
    u32: (count: number) => new Uint32Array(bytes.buffer, take(count * 4), count),
    bytes: (byteLength: number) => Buffer.from(bytes.buffer, take(byteLength), byteLength),
    numbers(kind: NumberKind, rows: number): NumberColumn | undefined {
      if (kind === 'u16') return new Uint16Array(bytes.buffer, take(rows * 2), rows);
      if (kind === 'u32') return new Uint32Array(bytes.buffer, take(rows * 4), rows);
      if (kind === 'f64') return new Float64Array(bytes.buffer, take(rows * 8), rows);
      if (kind !== 'none') throw new Error('the kept songs name an unknown number column');
      return undefined;
    },
    end() {
      if (at !== bytes.length) throw new Error('the kept songs have bytes past their columns');
    },
  };
}

/** The songs as a table: the same values, one buffer (a whole read of the catalogue goes through it). */
export async function songTableOf(songs: readonly Song[]): Promise<SongTable> {
  return new SongTable(await encodeSongTable(songs));
}
