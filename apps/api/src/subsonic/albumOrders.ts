import type { Annotations } from './entities.js';
import type { Library } from './library.js';
import { albumOfSongId, collator, compareIds, insertSorted, removeSorted, sortName, type AlbumEntry } from './libraryEntries.js';

/*
 * getAlbumList2's orders. The catalogue-wide ones (by name, by artist, newest, by year) are
 * sorted once per library, kept on it, and patched album by album when a song write changes
 * the library, so a page costs its own length; the per-listener ones (starred, frequent,
 * recent) start from the listener's own likes and plays, never from every album. Every order is
 * total (the album id breaks ties), so a patched order is the one a build would make.
 */

interface Order {
  /** Which albums the order holds. */
  holds: (album: AlbumEntry) => boolean;
  compare: (a: AlbumEntry, b: AlbumEntry) => number;
  /** Sort keys worked out once per album for the first sort (the comparison makes them per call). */
  keys?: (album: AlbumEntry) => string[];
}

const byNames = (keys: (album: AlbumEntry) => string[]) => (a: AlbumEntry, b: AlbumEntry) => {
  const [x, y] = [keys(a), keys(b)];
  for (let i = 0; i < x.length; i += 1) {
    const order = collator.compare(x[i]!, y[i]!);
    if (order !== 0) return order;
  }
  return compareIds(a, b);
};

const nameKeys = (album: AlbumEntry) => [sortName(album.name), sortName(album.artist)];
const artistKeys = (album: AlbumEntry) => [sortName(album.artist), sortName(album.name)];
const all = () => true;
const hasYear = (album: AlbumEntry) => album.year !== undefined;

const ORDERS = {
  alphabeticalByName: { holds: all, compare: byNames(nameKeys), keys: nameKeys },
  alphabeticalByArtist: { holds: all, compare: byNames(artistKeys), keys: artistKeys },
  newest: { holds: all, compare: (a, b) => b.createdSeconds - a.createdSeconds || compareIds(a, b) },
  byYear: { holds: hasYear, compare: (a, b) => a.year! - b.year! || compareIds(a, b) },
  byYearDescending: { holds: hasYear, compare: (a, b) => b.year! - a.year! || compareIds(a, b) },
  /** The web's year order ends with the albums that have none, by name. */
  withoutYear: { holds: (album) => album.year === undefined, compare: byNames(nameKeys), keys: nameKeys },
} satisfies Record<string, Order>;

export type AlbumOrder = keyof typeof ORDERS;

function sorted(albums: readonly AlbumEntry[], { holds, compare, keys }: Order): AlbumEntry[] {
  const held = albums.filter(holds);
  if (!keys) return held.sort(compare);
  const keyed = held.map((album) => ({ album, key: keys(album) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const order = collator.compare(a.key[i]!, b.key[i]!);
      if (order !== 0) return order;
    }
    return compareIds(a.album, b.album);
  });
  return keyed.map(({ album }) => album);
}

/** The library's albums in a catalogue-wide order, sorted on first use. */
export function albumsInOrder(library: Library, order: AlbumOrder): readonly AlbumEntry[] {
  let albums = library.orders.get(order);
  if (!albums) {
    albums = sorted(library.albums, ORDERS[order]);
    library.orders.set(order, albums);
  }
  return albums;
}

/**
 * Every catalogue-wide order, each sorted now unless it already is: the snapshot file keeps them,
 * so the first page after a restart sorts nothing (comparing names with the collator is slow).
 */
export function sortEveryOrder(library: Library): void {
  for (const order of Object.keys(ORDERS) as AlbumOrder[]) albumsInOrder(library, order);
}

/**
 * Takes albums out of the kept orders before a song write changes them (while each is still
 * where its old values put it): O(log n) each, plus the array's move.
 */
export function unfileAlbums(library: Library, albums: Iterable<AlbumEntry>): void {
  for (const [name, list] of library.orders) {
    const order: Order = ORDERS[name as AlbumOrder];
    for (const album of albums) if (order.holds(album)) removeSorted(list, album, order.compare);
  }
}

/** Puts albums (changed or new) back into the kept orders at their new places. */
export function fileAlbums(library: Library, albums: Iterable<AlbumEntry>): void {
  for (const [name, list] of library.orders) {
    const order: Order = ORDERS[name as AlbumOrder];
    for (const album of albums) if (order.holds(album)) insertSorted(list, album, order.compare);
  }
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

/** Where the albums with a year in [from, to] start and end in the byYear order: O(log n). */
export function yearBounds(library: Library, from: number, to: number): { start: number; end: number } {
  const byYear = albumsInOrder(library, 'byYear');
  return { start: firstNotBefore(byYear, (album) => album.year! < from), end: firstNotBefore(byYear, (album) => album.year! <= to) };
}

/** A page of the albums with a year in [from, to], descending when from > to: O(log n + page). */
export function albumsByYear(library: Library, from: number, to: number, offset: number, size: number): AlbumEntry[] {
  if (from <= to) {
    const { start, end } = yearBounds(library, from, to);
    return albumsInOrder(library, 'byYear').slice(start + offset, Math.min(end, start + offset + size));
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
    const album = albumOfSongId(library, songId);
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
