import type { AlbumsQuery, AlbumSort } from '@samaa/shared';
import {
  albumsInOrder,
  compareInOrder,
  frequentAlbums,
  randomPick,
  recentAlbums,
  yearBounds,
  type AlbumOrder,
} from '../subsonic/albumOrders.js';
import type { Annotations } from '../subsonic/entities.js';
import { foldGenre, type GenreIndex } from '../subsonic/genreIndex.js';
import type { AlbumEntry, Library } from '../subsonic/library.js';

/*
 * A page of albums in one of the web's orders, read from the orders getAlbumList2 keeps on the
 * library (albumOrders.ts), so a page costs O(log n + page) unfiltered. A genre narrows to the
 * genre index's albums (O(the genre's albums)); a year range to a range of the byYear order.
 */

const KEPT: Partial<Record<AlbumSort, AlbumOrder>> = { recent: 'newest', name: 'alphabeticalByName', artist: 'alphabeticalByArtist' };

/** A range worth sorting on its own rather than walking a kept order for (a quarter of the albums or fewer). */
const SORT_RANGE_FRACTION = 4;

export interface AlbumsAnswer {
  albums: AlbumEntry[];
  total: number;
}

/** Years ascending, then the albums with none by name: the web's year order. */
const byYearThenName = (a: AlbumEntry, b: AlbumEntry) =>
  (a.year ?? 10_000) - (b.year ?? 10_000) || (a.year === undefined ? compareInOrder('withoutYear')(a, b) : compareInOrder('byYear')(a, b));

const compareFor = (sort: AlbumSort) => (sort === 'year' ? byYearThenName : compareInOrder(KEPT[sort] ?? 'newest'));

/** Items [offset, offset + size) of lists read one after the other, without joining them. */
function sliceAcross(lists: readonly (readonly AlbumEntry[])[], offset: number, size: number): AlbumEntry[] {
  const out: AlbumEntry[] = [];
  for (const list of lists) {
    if (out.length >= size) break;
    if (offset >= list.length) {
      offset -= list.length;
      continue;
    }
    out.push(...list.slice(offset, offset + size - out.length));
    offset = 0;
  }
  return out;
}

/** The first `size` albums after `offset` that `keep` holds, walking an order: O(offset + size) for a wide filter. */
function walk(albums: readonly AlbumEntry[], keep: (album: AlbumEntry) => boolean, offset: number, size: number): AlbumEntry[] {
  const out: AlbumEntry[] = [];
  let skipped = 0;
  for (const album of albums) {
    if (!keep(album)) continue;
    if (skipped < offset) skipped += 1;
    else if (out.push(album) >= size) break;
  }
  return out;
}

export function albumsPage(library: Library, genres: GenreIndex, notes: Annotations, query: AlbumsQuery): AlbumsAnswer {
  const { sort, limit } = query;
  const offset = (query.page - 1) * limit;
  const page = (albums: readonly AlbumEntry[]) => ({ albums: albums.slice(offset, offset + limit), total: albums.length });
  const yearFiltered = query.fromYear !== undefined || query.toYear !== undefined;
  const from = query.fromYear ?? 0;
  const to = query.toYear ?? 9999;
  const inYears = (album: AlbumEntry) => !yearFiltered || (album.year !== undefined && album.year >= from && album.year <= to);
  const genreAlbums = query.genre === undefined ? undefined : genres.albumSongs.get(foldGenre(query.genre));
  const filtered = (album: AlbumEntry) => inYears(album) && (!query.genre || Boolean(genreAlbums?.has(album)));

  // The listener orders start from the played songs, never from every album.
  if (sort === 'mostPlayed') return page(frequentAlbums(library, notes).filter(filtered));
  if (sort === 'recentlyPlayed') return page(recentAlbums(library, notes).filter(filtered));

  const bounds = yearFiltered ? yearBounds(library, from, to) : undefined;
  const inRange = () => albumsInOrder(library, 'byYear').slice(bounds!.start, bounds!.end);
  // The albums the filter holds, when few enough to handle one by one.
  const candidates = query.genre !== undefined
    ? [...(genreAlbums?.keys() ?? [])].filter(inYears)
    : bounds && (bounds.end - bounds.start) * SORT_RANGE_FRACTION <= library.albums.length
      ? inRange()
      : undefined;

  if (sort === 'random') {
    const pool = candidates ?? (bounds ? inRange() : library.albums);
    return { albums: randomPick(pool, limit), total: pool.length };
  }
  if (candidates) return page(candidates.sort(compareFor(sort)));
  if (sort === 'year') {
    if (bounds) {
      const start = bounds.start + offset;
      return { albums: albumsInOrder(library, 'byYear').slice(start, Math.min(bounds.end, start + limit)), total: bounds.end - bounds.start };
    }
    const lists = [albumsInOrder(library, 'byYear'), albumsInOrder(library, 'withoutYear')];
    return { albums: sliceAcross(lists, offset, limit), total: lists[0]!.length + lists[1]!.length };
  }
  const ordered = albumsInOrder(library, KEPT[sort]!);
  if (!bounds) return page(ordered);
  return { albums: walk(ordered, inYears, offset, limit), total: bounds.end - bounds.start };
}
