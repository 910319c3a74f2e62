import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Song } from '@samaa/shared';
import { nextTurn } from '../eventLoop.js';

/*
 * The catalogue's songs for the snapshot file: blocks of songs, one gzipped JSON array each, read
 * back a block at a time with a yield to the event loop between blocks, so loading a large
 * catalogue never holds requests for more than one block's worth of work. Each block is unzipped
 * on the event loop, in its turn: on the thread pool it queued behind a music-folder scan's file
 * reads, which start with the server too. JSON.parse makes each
 * song one compact object (a columnar form rebuilt in JavaScript took longer and more heap), and
 * the strings that repeat across songs (artist, album, cover…) are interned as each block lands.
 */

/** Songs per block: one block is parsed between two yields to the event loop. */
export const SONGS_PER_BLOCK = 2000;

const gzipAsync = promisify(gzip);

/**
 * The songs as blocks, each gzipped (on the thread pool) and preceded by its length line; one
 * block serialised per turn of the event loop (a snapshot's song list is never changed in place).
 */
export async function encodeSongBlocks(songs: readonly Song[]): Promise<Buffer> {
  const blocks: Promise<Buffer>[] = [];
  for (let from = 0; from < songs.length; from += SONGS_PER_BLOCK) {
    blocks.push(gzipAsync(JSON.stringify(songs.slice(from, from + SONGS_PER_BLOCK))));
    await nextTurn();
  }
  return Buffer.concat((await Promise.all(blocks)).flatMap((block) => [Buffer.from(`${block.length}\n`), block]));
}

/** One string per distinct value, across blocks and fields. */
function interner(): (value: string) => string {
  const strings = new Map<string, string>();
  return (value) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
}

/**
 * Artist, album and cover strings repeat across a catalogue (ten to a thousand songs each): one
 * string per distinct value instead of one per song, as a database read or JSON.parse gives them.
 */
export function internSongStrings(songs: Song[], one = interner()): Song[] {
  for (const song of songs) {
    song.artist = one(song.artist);
    song.img = one(song.img);
    if (song.album !== undefined) song.album = one(song.album);
    if (song.albumArtist !== undefined) song.albumArtist = one(song.albumArtist);
    if (song.genre !== undefined) song.genre = one(song.genre);
  }
  return songs;
}

/**
 * The songs by id, made a slice per turn of the event loop: a kept catalogue's map is made while
 * it loads, before the server listens, so no request meets a whole-catalogue stretch of it.
 */
export async function songsByIdInSlices(songs: readonly Song[]): Promise<Map<string, Song>> {
  const byId = new Map<string, Song>();
  for (let from = 0; from < songs.length; from += SONGS_PER_BLOCK * 10) {
    const to = Math.min(songs.length, from + SONGS_PER_BLOCK * 10);
    for (let i = from; i < to; i += 1) byId.set(songs[i]!._id, songs[i]!);
    await nextTurn();
  }
  return byId;
}

/** Songs back from `encodeSongBlocks`, one block per turn of the event loop. */
export async function decodeSongBlocks(bytes: Buffer): Promise<Song[]> {
  const songs: Song[] = [];
  const one = interner();
  let start = 0;
  while (start < bytes.length) {
    const lineEnd = bytes.indexOf(10, start);
    const end = lineEnd + 1 + Number(bytes.toString('latin1', start, lineEnd));
    if (lineEnd < 0 || !(end <= bytes.length)) throw new Error('the snapshot file is cut short');
    const block = JSON.parse(gunzipSync(bytes.subarray(lineEnd + 1, end)).toString()) as Song[];
    start = end;
    if (!Array.isArray(block) || block.some((song) => typeof song?._id !== 'string')) throw new Error('the snapshot file holds no songs');
    for (const song of internSongStrings(block, one)) songs.push(song);
    await nextTurn();
  }
  return songs;
}
