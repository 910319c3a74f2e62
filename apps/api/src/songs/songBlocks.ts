import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Song } from '@samaa/shared';
import { nextTurn } from '../eventLoop.js';

/*
 * The songs of a version 5 snapshot file: blocks of songs, one gzipped JSON array each. Version 6
 * keeps them as a song table (songTable.ts); a file kept before that is read back once, a block per
 * turn of the event loop, and replaced by the next write.
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

/** Songs back from `encodeSongBlocks`, one block per turn of the event loop. */
export async function decodeSongBlocks(bytes: Buffer): Promise<Song[]> {
  const songs: Song[] = [];
  let start = 0;
  while (start < bytes.length) {
    const lineEnd = bytes.indexOf(10, start);
    const end = lineEnd + 1 + Number(bytes.toString('latin1', start, lineEnd));
    if (lineEnd < 0 || !(end <= bytes.length)) throw new Error('the snapshot file is cut short');
    const block = JSON.parse(gunzipSync(bytes.subarray(lineEnd + 1, end)).toString()) as Song[];
    start = end;
    if (!Array.isArray(block) || block.some((song) => typeof song?._id !== 'string')) throw new Error('the snapshot file holds no songs');
    for (const song of block) songs.push(song);
    await nextTurn();
  }
  return songs;
}
