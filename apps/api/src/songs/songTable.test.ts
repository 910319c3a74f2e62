import { describe, expect, it } from 'vitest';
import type { Song } from '@samaa/shared';
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSongs } from './generateSongs.js';
import { encodeSongBlocks } from './songBlocks.js';
import { songsByIdOf, songsByIdWith } from './songsById.js';
import { countStartingWith, encodeSongTable, plainSong, rowIn, SongTable, songTableOf, tableOf } from './songTable.js';
import { readSnapshotFile } from './catalogueSnapshotFile.js';

/*
 * The song table: every field comes back as it went in (the same JSON, byte for byte), ids are
 * found by binary search, and the bytes are the file's: a table's own list is not encoded again.
 */

const hexId = (n: number) => n.toString(16).padStart(24, '0');
/** Generated songs with ids, in no id order. */
const songsOf = (count: number, seed: number): Song[] => generateSongs(count, seed).map((song, i) => ({ _id: hexId((i * 7919) % 1_000_003), ...song }));

const odd: Song[] = [
  { _id: hexId(3), name: 'Ünïcode — 名前', artist: 'A', img: '/img/a.jpg', song: '/media/a.mp3', duration: 181.5, album: 'X', trackNumber: 1, year: 1999, isrc: 'USRC17607839' },
  { _id: hexId(1), name: '', artist: 'A', img: '/img/a.jpg', song: '/media/b.mp3', encoderDelay: 576, encoderPadding: 70_000, sampleRate: 44_100 },
  { _id: hexId(2), name: 'Gain', artist: 'B', img: '', song: '/media/c.mp3', replayGainTrackGain: -6.25, replayGainTrackPeak: 0.98, discNumber: 65_535, genre: 'Jazz', albumArtist: 'B' },
];

describe('the song table', () => {
  it('gives back every field as it went in, in the order a database read gives them', async () => {
    for (const songs of [odd, songsOf(2000, 5)]) {
      const plain = songs.map(plainSong);
      const table = await songTableOf(songs);
      expect(table.rows).toBe(songs.length);
      expect(JSON.stringify(table.songs())).toBe(JSON.stringify(plain));
      expect(table.songs().map(plainSong)).toEqual(plain);
      // Read back from its bytes alone, as a restart does.
      const again = new SongTable(Buffer.from(table.bytes));
      expect(JSON.stringify(again.songs())).toBe(JSON.stringify(plain));
    }
  });

  it('finds each song by id in its id order, and no other', async () => {
    const songs = songsOf(3000, 7);
    const table = await songTableOf(songs);
    const list = table.songs();
    for (const [row, song] of songs.entries()) expect(table.rowOf(song._id)).toBe(row);
    expect(table.rowOf(hexId(1_000_004))).toBe(-1);
    expect(table.rowOf('not-an-id')).toBe(-1);
    expect(rowIn(table, list[42]!)).toBe(42);
    expect(rowIn(table, songs[42]!)).toBeUndefined();
    expect(tableOf(list)).toBe(table);
    expect(tableOf([...list])).toBeUndefined();
  });

  it('orders a patched list\'s ids by merging the new songs into the earlier table\'s order', async () => {
    const songs = songsOf(4000, 8);
    const rows = (await songTableOf(songs)).songs();
    const added = [{ ...songs[0]!, _id: hexId(5) }, { ...songs[1]!, _id: hexId(2_000_000) }, { ...songs[2]!, _id: hexId(77_777) }];
    const replaced = { ...plainSong(rows[10]!), name: 'Renamed' };
    const patched = [...added, ...rows.slice(0, 10), replaced, ...rows.slice(11, 3000), ...rows.slice(3100)];
    const table = await songTableOf(patched);
    for (const [at, song] of patched.entries()) expect(table.rowOf(song._id)).toBe(at);
    expect(table.rowOf(rows[3050]!._id)).toBe(-1);
    expect(JSON.stringify(table.songs())).toBe(JSON.stringify(patched.map(plainSong)));
  });

  it('keeps ids that are not ObjectIds as text', async () => {
    const songs = odd.map((song, i) => ({ ...song, _id: `song-${3 - i}` }));
    const table = await songTableOf(songs);
    expect(table.songs().map((song) => song._id)).toEqual(['song-3', 'song-2', 'song-1']);
    expect(table.rowOf('song-1')).toBe(2);
    expect(table.rowOf('song-4')).toBe(-1);
  });

  it('is its own bytes: a table\'s list is not encoded again', async () => {
    const table = await songTableOf(odd);
    expect(await encodeSongTable(table.songs())).toBe(table.bytes);
  });

  it('refuses bytes that are not a whole table', async () => {
    const { bytes } = await songTableOf(odd);
    expect(() => new SongTable(bytes.subarray(0, bytes.length - 8))).toThrow(/cut short|past/);
    expect(() => new SongTable(Buffer.from('{"magic":"other"}\n'))).toThrow();
    expect(() => new SongTable(Buffer.from('no header'))).toThrow();
  });

  it('reads as a song: getters, JSON and plainSong, but a spread sees no field', async () => {
    const song = (await songTableOf(odd)).songs()[0]!;
    expect(song.name).toBe('Ünïcode — 名前');
    expect(song.genre).toBeUndefined();
    expect({ ...song }).toEqual({});
    expect(plainSong(song)).toEqual(odd[0]);
  });
});

describe('the songs by id over a table', () => {
  it('answers as a map would, before and after writes', async () => {
    const songs = songsOf(50, 3);
    const table = await songTableOf(songs);
    let byId = songsByIdOf(table.songs());
    const map = new Map(songs.map((song) => [song._id, song]));
    const added = { ...songs[0]!, _id: hexId(999_999), name: 'New' };
    const replaced = { ...songs[1]!, name: 'Renamed' };
    byId = songsByIdWith(byId, { added: [added], replaced: [replaced], deleted: [songs[2]!._id, hexId(5)] });
    map.set(added._id, added).set(replaced._id, replaced).delete(songs[2]!._id);
    byId = songsByIdWith(byId, { deleted: [songs[2]!._id, added._id] });
    map.delete(added._id);
    expect(byId.size).toBe(map.size);
    for (const id of [...songs.map((song) => song._id), added._id]) expect(byId.get(id) && plainSong(byId.get(id)!)).toEqual(map.get(id));
  });
});

describe('a snapshot file kept before the song table', () => {
  it('is read back from its JSON blocks', async () => {
    const songs = songsOf(4500, 9).map(plainSong);
    const blocks = await encodeSongBlocks(songs);
    const body = gzipSync('{"data":[]}');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-v5-')), 'catalogue.snapshot');
    fs.writeFileSync(file, Buffer.concat([Buffer.from(`samaa-catalogue 5\nv1\n11\n${body.length}\n${blocks.length}\n`), body, blocks]));
    const disk = readSnapshotFile(file)!;
    expect(disk.version).toBe('v1');
    const { songs: read, byId } = await disk.songs();
    expect(disk.upgrade).toBe(true);
    expect(tableOf(read)?.rows).toBe(songs.length);
    expect(read.map(plainSong)).toEqual(songs);
    expect(plainSong(byId.get(songs[4000]!._id)!)).toEqual(songs[4000]);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('counts a folder\'s songs by their shared folder, a plain song or a row alike', async () => {
    // Scanned URLs: files of album folders in two libraries (own text after a shared folder), and a
    // shared value (every row the same artist) judged whole.
    const songs: Song[] = Array.from({ length: 600 }, (_, i) => ({
      _id: hexId(i + 1),
      name: `Song ${i}`,
      artist: 'One',
      img: '',
      song: `/api/library/${i % 3 === 0 ? 'b' : 'a'}/Album ${Math.floor(i / 10)}/${i}.mp3`,
    }));
    const table = await songTableOf(songs);
    const mixed = [{ ...songs[0]!, _id: hexId(9999), song: '/api/library/a/new.mp3' }, ...table.songs()];
    const expected = (prefix: string) => mixed.filter((song) => song.song.startsWith(prefix)).length;
    for (const prefix of ['/api/library/a/', '/api/library/b/', '/api/library/a/Album 1', '/api/library/a/Album 1/1', '/api/library/', '/elsewhere/']) {
      expect(countStartingWith(mixed, 'song', prefix)).toBe(expected(prefix));
    }
    expect(countStartingWith(table.songs(), 'artist', 'On')).toBe(600);
    expect(countStartingWith(table.songs(), 'artist', 'Two')).toBe(0);
  });
});
