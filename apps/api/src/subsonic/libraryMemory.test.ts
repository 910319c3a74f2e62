import type { Song } from '@samaa/shared';
import { describe, expect, it } from 'vitest';
import { generateSongs, withAlbums } from '../songs/generateSongs.js';
import type { SongListSnapshot } from '../songs/catalogue.js';
import { albumOfSongId, buildLibrary, type Library } from './library.js';
import { decodeLibrary, encodeLibrary } from './libraryBytes.js';
import { songPlaces } from '../songs/songTable.js';

/** 1,000 songs in albums of 10, each song `copies` times over, as a catalogue snapshot (no database needed). */
function catalogueOf(copies: number): { snapshot: SongListSnapshot; songById: Map<string, Song> } {
  const tagged = withAlbums(generateSongs(1_000, 7), 7, 10);
  const songs = Array.from({ length: copies }, () => tagged)
    .flat()
    .map((song, i): Song => ({ ...song, _id: `65${String(i).padStart(22, '0')}` }) as Song);
  const snapshot: SongListSnapshot = { version: 'v', songs, body: () => Promise.reject(new Error('unused')) as never, isEncoded: () => false };
  return { snapshot, songById: new Map(songs.map((song) => [song._id, song])) };
}

/** Entries of every map the library keeps of its own (the catalogue's by-id map aside). */
function ownMapEntries(library: Library): number {
  let entries = library.artistById.size + library.albumById.size + library.ids.artists.size;
  for (const byName of library.ids.albums.values()) entries += 1 + byName.size;
  return entries;
}

describe('the Subsonic library in memory', () => {
  it('keeps per album and artist, not per song: ten times the songs in the same albums adds no map entry', async () => {
    const few = catalogueOf(1);
    const many = catalogueOf(10);
    const small = await buildLibrary(few.snapshot, few.songById);
    const large = await buildLibrary(many.snapshot, many.songById);
    expect(large.albumById.size).toBe(small.albumById.size);
    expect(ownMapEntries(large)).toBe(ownMapEntries(small));
    expect(ownMapEntries(large)).toBeLessThan(1_000);

    // Each song is still found in its album, from its own fields.
    for (const song of many.snapshot.songs.slice(0, 500)) {
      expect(albumOfSongId(large, song._id)?.songs).toContain(song);
    }
  });

  it('keeps per album no object of its own beyond its songs: its creation a whole number of seconds, its cover one of its songs', async () => {
    const { snapshot, songById } = catalogueOf(1);
    const built = await buildLibrary(snapshot, songById);
    const restored = await decodeLibrary(encodeLibrary(built, songPlaces(snapshot.songs)), snapshot.songs, songById);
    for (const library of [built, restored]) {
      for (const album of library.albums) {
        expect(Number.isInteger(album.createdSeconds)).toBe(true);
        expect(album.createdSeconds * 1000).toBe(Math.min(...album.songs.map((song) => parseInt(song._id.slice(0, 8), 16) * 1000)));
        expect(album.cover).toBe(album.songs.find((song) => song.img));
      }
      for (const artist of library.artists) expect(artist.cover).toBe(artist.albums.find((album) => album.cover)?.cover);
    }
    expect(restored.albums.map((album) => [album.id, album.createdSeconds, album.cover?._id])).toEqual(
      built.albums.map((album) => [album.id, album.createdSeconds, album.cover?._id]),
    );
  });
});
