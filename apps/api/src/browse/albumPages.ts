import type { AlbumsQuery, AlbumSort } from '@samaa/shared';
import { albumsInOrder, frequentAlbums, randomPick, recentAlbums, yearBounds, type AlbumOrder } from '../subsonic/albumOrders.js';
import type { Annotations } from '../subsonic/entities.js';
import { foldGenre, type GenreIndex } from '../subsonic/genreIndex.js';
import type { AlbumEntry, Library } from '../subsonic/library.js';

/*
 * A page of albums in one of the web's orders, read from the orders getAlbumList2 keeps on the
 * library (albumOrders.ts): an unfiltered page costs O(log n + page). A filter (genre, years) is
 * a walk of the kept order that stops once the page is full, testing each album in O(1); it never
 * sorts: comparing names with the collator costs ~100 times more than the walk.
 */

const KEPT: Record<Exclude<AlbumSort, 'year' | 'mostPlayed' | 'recentlyPlayed' | 'random'>, AlbumOrder> = {
  recent: 'newest',
  name: 'alphabeticalByName',
  artist: 'alphabeticalByArtist',
};

export interface AlbumsAnswer {
  albums: AlbumEntry[];
  total: number;
}

/**
 * The `size` albums after the first `offset` that `keep` holds, in lists read one after the
 * other (the year order is the albums with a year, then those without).
 */
function walk(lists: readonly (readonly AlbumEntry[])[], keep: (album: AlbumEntry) => boolean, offset: number, size: number): AlbumEntry[] {
  const out: AlbumEntry[] = [];
  let skipped = 0;
  for (const list of lists) {
    for (const album of list) {
      if (!keep(album)) continue;
      if (skipped < offset) skipped += 1;
      else if (out.push(album) >= size) return out;
    }
  }
  return out;
}

/** Items [offset, offset + size) of lists read one after the other, without joining them: O(page). */
function sliceAcross(lists: readonly (readonly AlbumEntry[])[], offset: number, size: number): AlbumEntry[] {
  const out: AlbumEntry[] = [];
  let skip = offset;
  for (const list of lists) {
    if (out.length >= size) break;
    if (skip >= list.length) {
      skip -= list.length;
      continue;
    }
    out.push(...list.slice(skip, skip + size - out.length));
    skip = 0;
  }
  return out;
}

/** `genres` is needed only when the query names a genre. */
export function albumsPage(library: Library, genres: GenreIndex | undefined, notes: Annotations, query: AlbumsQuery): AlbumsAnswer {
  const { sort, limit } = query;
  const offset = (query.page - 1) * limit;
  const yearFiltered = query.fromYear !== undefined || query.toYear !== undefined;
  const from = query.fromYear ?? 0;
  const to = query.toYear ?? 9999;
  const inYears = (album: AlbumEntry) => !yearFiltered || (album.year !== undefined && album.year >= from && album.year <= to);
  const genreAlbums = query.genre === undefined ? undefined : (genres?.albumSongs.get(foldGenre(query.genre)) ?? new Map<AlbumEntry, number>());
  const keep = (album: AlbumEntry) => inYears(album) && (!genreAlbums || genreAlbums.has(album));

  // The listener orders start from the played songs, never from every album.
  if (sort === 'mostPlayed' || sort === 'recentlyPlayed') {
    const ranked = (sort === 'mostPlayed' ? frequentAlbums : recentAlbums)(library, notes).filter(keep);
    return { albums: ranked.slice(offset, offset + limit), total: ranked.length };
  }

  const bounds = yearFiltered ? yearBounds(library, from, to) : undefined;
  const byYear = () => albumsInOrder(library, 'byYear');
  if (sort === 'random') {
    const pool = genreAlbums ? [...genreAlbums.keys()].filter(inYears) : bounds ? byYear().slice(bounds.start, bounds.end) : library.albums;
    return { albums: randomPick(pool, limit), total: pool.length };
  }
  if (sort === 'year' && bounds && !genreAlbums) {
    const start = bounds.start + offset;
    return { albums: byYear().slice(start, Math.min(bounds.end, start + limit)), total: bounds.end - bounds.start };
  }
  const lists = sort === 'year' ? [byYear(), albumsInOrder(library, 'withoutYear')] : [albumsInOrder(library, KEPT[sort])];
  if (!genreAlbums && !bounds) return { albums: sliceAcross(lists, offset, limit), total: lists.reduce((sum, list) => sum + list.length, 0) };
  // A genre's count is O(its albums); a year range's is its span in the byYear order.
  const total = genreAlbums ? [...genreAlbums.keys()].filter(inYears).length : bounds!.end - bounds!.start;
  return { albums: walk(lists, keep, offset, limit), total };
}
