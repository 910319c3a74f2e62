import { describe, expect, it } from 'vitest';
import type { Song } from '@samaa/shared';
import { generateSongs } from './generateSongs.js';
import { plainSong, tableOf } from './songTable.js';
import { songTableFromBatches, type StoredSongs } from './songTableBuilder.js';

/*
 * The whole read's table: songs streamed in any order, in batches, come out as one table newest
 * first, equal times by id (highest first), as the sorted query gives them.
 */

const hexId = (n: number) => n.toString(16).padStart(24, '0');

async function* batchesOf(songs: readonly Song[], created: readonly number[], size: number): AsyncGenerator<StoredSongs> {
  for (let at = 0; at < songs.length; at += size) yield { songs: songs.slice(at, at + size), created: created.slice(at, at + size) };
}

/** What the sorted query gives: newest first, then the highest id. */
function sortedAsQuery(songs: readonly Song[], created: readonly number[]): Song[] {
  const order = songs.map((_, i) => i).sort((a, b) => created[b]! - created[a]! || (songs[b]!._id < songs[a]!._id ? -1 : songs[b]!._id > songs[a]!._id ? 1 : 0));
  return order.map((i) => plainSong(songs[i]!));
}

describe('the whole read made into a table', () => {
  it('orders songs streamed in any order across several parts, ties by id', async () => {
    const songs = generateSongs(7_000, 3).map((song, i) => ({ _id: hexId((i * 7_919) % 1_000_003), ...song }));
    // Few distinct times: most comparisons are ties, settled by the id.
    const created = songs.map((_, i) => 1_700_000_000_000 + ((i * 31) % 50) * 1000);
    const table = await songTableFromBatches(batchesOf(songs, created, 600), { partRows: 1_000 });
    expect(table.songs().map(plainSong)).toEqual(sortedAsQuery(songs, created));
    for (const song of songs.slice(0, 50)) expect(table.songs()[table.rowOf(song._id)]!._id).toBe(song._id);
  });

  it('orders ids that are not ObjectIds by their text', async () => {
    const songs: Song[] = generateSongs(300, 4).map((song, i) => ({ _id: i % 3 === 0 ? `saavn-${i}` : hexId(i * 13), ...song }));
    const created = songs.map((_, i) => (i % 4) * 1000);
    const table = await songTableFromBatches(batchesOf(songs, created, 50), { partRows: 100 });
    expect(table.songs().map(plainSong)).toEqual(sortedAsQuery(songs, created));
  });

  it('keeps a read already in order as its one part, and an empty read as an empty table', async () => {
    const songs = generateSongs(500, 5).map((song, i) => ({ _id: hexId(1000 - i), ...song }));
    const created = songs.map((_, i) => 10_000 - i);
    const table = await songTableFromBatches(batchesOf(songs, created, 100));
    expect(tableOf(table.songs())).toBe(table);
    expect(table.songs().map(plainSong)).toEqual(songs.map(plainSong));
    expect((await songTableFromBatches(batchesOf([], [], 10))).rows).toBe(0);
  });
});
