import type { Annotations } from './entities.js';
import { sortName, type AlbumEntry, type Library } from './library.js';

/*
 * getAlbumList2's orders. The catalogue-wide ones (by name, by artist, newest, by year) are
 * sorted once per library and kept on it, so a page costs its own length; the per-listener ones
 * (starred, frequent, recent) start from the listener's own likes and plays, never from every
 * album.
 */

const collator = new Intl.Collator();
const compareText = (a: string, b: string) => collator.compare(a, b);

function sortedBy(albums: readonly AlbumEntry[], key: (album: AlbumEntry) => string[]): AlbumEntry[] {
  const keyed = albums.map((album) => ({ album, key: key(album) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const order = compareText(a.key[i]!, b.key[i]!);
      if (order !== 0) return order;
    }
    return 0;
  });
  return keyed.map(({ album }) => album);
}

const MAKERS: Record<string, (albums: readonly AlbumEntry[]) => AlbumEntry[]> = {
  alphabeticalByName: (albums) => sortedBy(albums, (album) => [sortName(album.name)]),
  alphabeticalByArtist: (albums) => sortedBy(albums, (album) => [sortName(album.artist), sortName(album.name)]),
  newest: (albums) => [...albums].sort((a, b) => b.created.getTime() - a.created.getTime()),
  byYear: (albums) => albums.filter((album) => album.year !== undefined).sort((a, b) => a.year! - b.year!),
  byYearDescending: (albums) => albums.filter((album) => album.year !== undefined).sort((a, b) => b.year! - a.year!),
};

/** The library's albums in a catalogue-wide order, sorted on first use. */
export function albumsInOrder(library: Library, order: keyof typeof MAKERS): readonly AlbumEntry[] {
  let albums = library.orders.get(order);
  if (!albums) {
    albums = MAKERS[order]!(library.albums);
    library.orders.set(order, albums);
  }
  return albums;
}

/** Index of the first album from which `before` no longer holds (the list is ordered by it). */
function firstNotBefore(albums: readonly AlbumEntry[], before: (album: AlbumEntry) => boolean): number {
  let low = 0;
  let high = albums.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(albums[mid]!)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A page of the albums with a year in [from, to], descending when from > to: O(log n + page). */
export function albumsByYear(library: Library, from: number, to: number, offset: number, size: number): AlbumEntry[] {
  if (from <= to) {
    const byYear = albumsInOrder(library, 'byYear');
    const start = firstNotBefore(byYear, (album) => album.year! < from);
    const end = firstNotBefore(byYear, (album) => album.year! <= to);
    return byYear.slice(start + offset, Math.min(end, start + offset + size));
  }
  const byYear = albumsInOrder(library, 'byYearDescending');
  const start = firstNotBefore(byYear, (album) => album.year! > from);
  const end = firstNotBefore(byYear, (album) => album.year! >= to);
  return byYear.slice(start + offset, Math.min(end, start + offset + size));
}

/** `count` distinct items picked at random, in O(count) (no copy of the whole list). */
export function randomPick<T>(items: readonly T[], count: number): T[] {
  const n = Math.min(count, items.length);
  const picked = new Map<number, number>();
  const out: T[] = [];
  // A partial Fisher-Yates shuffle over a sparse map of swapped positions.
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(Math.random() * (items.length - i));
    const atJ = picked.get(j) ?? j;
    picked.set(j, picked.get(i) ?? i);
    out.push(items[atJ]!);
  }
  return out;
}

/**
 * The albums of the listener's songs, each with the largest `value` of its songs, largest first:
 * O(the listener's songs), where filtering every album cost O(catalogue).
 */
export function albumsRankedBy(
  library: Library,
  songs: Iterable<[string, number]>,
  combine: (a: number, b: number) => number,
): AlbumEntry[] {
  const byAlbum = new Map<AlbumEntry, number>();
  for (const [songId, value] of songs) {
    if (!(value > 0)) continue;
    const album = library.albumOfSong.get(songId);
    if (!album) continue;
    const seen = byAlbum.get(album);
    byAlbum.set(album, seen === undefined ? value : combine(seen, value));
  }
  return [...byAlbum].sort((a, b) => b[1] - a[1]).map(([album]) => album);
}

export function starredAlbums(library: Library, notes: Annotations): AlbumEntry[] {
  const times = [...notes.starred].map(([id, at]): [string, number] => [id, at.getTime()]);
  return albumsRankedBy(library, times, Math.max);
}

export function frequentAlbums(library: Library, notes: Annotations): AlbumEntry[] {
  const plays = [...notes.plays].map(([id, stats]): [string, number] => [id, stats.plays]);
  return albumsRankedBy(library, plays, (a, b) => a + b);
}

export function recentAlbums(library: Library, notes: Annotations): AlbumEntry[] {
  const times = [...notes.plays].map(([id, stats]): [string, number] => [id, stats.lastPlayed.getTime()]);
  return albumsRankedBy(library, times, Math.max);
}
