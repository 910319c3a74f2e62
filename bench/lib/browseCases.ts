import { ALBUM_SORTS } from '@samaa/shared';

/*
 * The web's album, artist and genre reads (/api/browse), as load cases: a page of 50 albums in
 * each order, an album, a page of the artist index and an artist. Every read costs its page,
 * so p99 should not move with the catalogue (bench/results-scale.md).
 */

export interface BrowseCase {
  key: string;
  name: string;
  next: () => { path: string; headers: Record<string, string> };
}

interface Listing {
  data: { id: string }[];
  total: number;
}

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

async function listing(url: string, token: string, path: string): Promise<Listing> {
  const res = await fetch(`${url}/api/browse${path}`, { headers: { 'x-auth-token': token } });
  if (!res.ok) throw new Error(`GET /api/browse${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as Listing;
}

/** The cases, with album and artist ids read from the server; `tokens` are signed-in listeners'. */
export async function browseCases(url: string, tokens: string[]): Promise<BrowseCase[]> {
  const token = cycle(tokens);
  const albums = await listing(url, tokens[0]!, '/albums?sort=name&limit=500');
  const artists = await listing(url, tokens[0]!, '/artists?limit=500');
  const album = cycle(albums.data.map((entry) => entry.id));
  const artist = cycle(artists.data.map((entry) => entry.id));
  // Pages from the whole list, the deep ones as often as the first.
  const albumPage = cycle(Array.from({ length: 20 }, (_, i) => 1 + Math.floor((i * Math.max(0, albums.total - 50)) / 20 / 50)));
  const artistPage = cycle(Array.from({ length: 20 }, (_, i) => 1 + Math.floor((i * Math.max(0, artists.total - 100)) / 20 / 100)));
  const get = (path: string) => ({ path: `/api/browse${path}`, headers: { 'accept-encoding': 'gzip', 'x-auth-token': token() } });
  return [
    ...ALBUM_SORTS.map((sort) => ({
      key: `browse-albums-${sort}`,
      name: `GET /api/browse/albums?sort=${sort}&limit=50 (pages across the list)`,
      next: () => get(`/albums?sort=${sort}&limit=50&page=${albumPage()}`),
    })),
    { key: 'browse-album', name: 'GET /api/browse/albums/{id}', next: () => get(`/albums/${album()}`) },
    { key: 'browse-artists', name: 'GET /api/browse/artists?limit=100 (pages across the index)', next: () => get(`/artists?limit=100&page=${artistPage()}`) },
    { key: 'browse-artist', name: 'GET /api/browse/artists/{id}', next: () => get(`/artists/${artist()}`) },
  ];
}
