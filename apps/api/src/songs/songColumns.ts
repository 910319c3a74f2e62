import { SONG_OPTIONAL_FIELDS, type Song } from '@samaa/shared';

/*
 * The catalogue's songs in a compact form for the snapshot file: blocks of songs, one JSON line
 * each, a column per field, and the strings that repeat across songs (artist, album, cover…)
 * written once per block with indexes into them. Read back a block at a time with a yield to the
 * event loop between blocks, so loading a large catalogue never holds requests for more than one
 * block's worth of work, and every repeated string is one string in memory.
 */

/** Songs per block: one block is decoded between two yields to the event loop. */
export const SONGS_PER_BLOCK = 2000;

const REQUIRED = ['_id', 'name', 'artist', 'img', 'song'] as const;
/** Every field of a song, in the order the API writes them (toSong's order). */
const FIELDS = [...REQUIRED, ...SONG_OPTIONAL_FIELDS] as const;
type Field = (typeof FIELDS)[number];
/** Fields whose values repeat across songs: stored as a table and indexes. */
const REPEATING = new Set<Field>(['artist', 'img', 'album', 'albumArtist', 'genre']);
const OPTIONAL_FIELDS: readonly Field[] = SONG_OPTIONAL_FIELDS;
/** Marks a missing optional value in a repeating column. */
const ABSENT = -1;

type Block = unknown[][];

function encodeBlock(songs: readonly Song[]): string {
  const columns = FIELDS.map((field) => {
    const values = songs.map((song) => (song as unknown as Record<string, unknown>)[field] ?? null);
    if (!REPEATING.has(field)) return values;
    const table: unknown[] = [];
    const at = new Map<unknown, number>();
    const indexes = values.map((value) => {
      if (value === null) return ABSENT;
      let i = at.get(value);
      if (i === undefined) {
        i = table.push(value) - 1;
        at.set(value, i);
      }
      return i;
    });
    return [table, indexes];
  });
  return JSON.stringify(columns);
}

/** The songs as newline-separated blocks. */
export function encodeSongColumns(songs: readonly Song[]): Buffer {
  const lines: string[] = [];
  for (let from = 0; from < songs.length; from += SONGS_PER_BLOCK) lines.push(encodeBlock(songs.slice(from, from + SONGS_PER_BLOCK)));
  return Buffer.from(lines.join('\n'));
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Songs back from `encodeSongColumns`, one block per turn of the event loop. `strings` interns
 * repeating values across blocks and fields (one string per distinct artist, album…).
 */
export async function decodeSongColumns(bytes: Buffer, strings = new Map<unknown, unknown>()): Promise<Song[]> {
  const songs: Song[] = [];
  const intern = (value: unknown) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    const block = JSON.parse(bytes.toString('utf8', start, end)) as Block;
    start = end + 1;
    if (block.length !== FIELDS.length) throw new Error('the snapshot file does not match the song fields');
    const columns = FIELDS.map((field, i) => {
      if (!REPEATING.has(field)) return block[i]!;
      const [table, indexes] = block[i] as [unknown[], number[]];
      const values = table.map(intern);
      return indexes.map((index) => (index === ABSENT ? null : values[index]));
    });
    const [ids, names, artists, imgs, files] = columns as [string[], string[], string[], string[], string[]];
    if ([ids, names, artists, imgs, files].some((column) => column.includes(null as unknown as string))) {
      throw new Error('the snapshot file lacks a required song field');
    }
    // Optional fields no song of the block has are not looked at per song.
    const present = OPTIONAL_FIELDS.map((field, i) => ({ field, values: columns[REQUIRED.length + i]! })).filter(({ values }) =>
      values.some((value) => value !== null),
    );
    for (let row = 0; row < ids.length; row += 1) {
      const song: Record<string, unknown> = { _id: ids[row], name: names[row], artist: artists[row], img: imgs[row], song: files[row] };
      for (const { field, values } of present) {
        const value = values[row];
        if (value !== null && value !== undefined) song[field] = value;
      }
      songs.push(song as unknown as Song);
    }
    await nextTurn();
  }
  return songs;
}
