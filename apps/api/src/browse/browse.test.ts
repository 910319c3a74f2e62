import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_SORTS, type AlbumCard, type AlbumDetail, type ArtistCard, type PlacedSong } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { recordPlay } from '../analytics/analytics.service.js';
import { generateSongs, withAlbums } from '../songs/generateSongs.js';
import { addSongs } from '../songs/songs.service.js';

/*
 * /api/browse against Subsonic: the web's albums, artists and genres are the library Subsonic
 * serves (same ids, same songs, same orders), paged, for signed-in listeners only.
 */

useTestDatabase();
const { app, ctx } = createTestApp();
let listener: TestUser;
let key: string;

const get = (path: string, query: Record<string, string | number | undefined> = {}) =>
  request(app).get(`/api/browse${path}`).query(query).set('x-auth-token', listener.token);
const ok = async <T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> => {
  const res = await get(path, query);
  expect(res.status, `${path} ${res.text.slice(0, 200)}`).toBe(200);
  return res.body as T;
};
const rest = async (method: string, params: Record<string, string> = {}) => {
  const res = await request(app).get(`/rest/${method}?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', f: 'json', ...params })}`);
  expect(res.body['subsonic-response'].status, method).toBe('ok');
  return res.body['subsonic-response'];
};
/** Every item of a paged list, page after page. */
async function every<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const body = await ok<{ data: T[]; total: number }>(path, { ...query, limit: 100, page });
    items.push(...body.data);
    if (items.length >= body.total || body.data.length === 0) return items;
  }
}

beforeAll(async () => {
  await addSongs(ctx, withAlbums(generateSongs(600, 7), 7, 9));
  listener = await createUser();
  key = (await createApiKey(ctx, listener._id, { name: 'Test' })).key;
}, 120_000);

describe('albums', () => {
  // First in the file: no read before it has built the genre index.
  it('builds the genre index only for a genre’s page, so a first album page after a start does not wait for it', async () => {
    const genreBuilds = () => ctx.catalogue.stats().genreIndex?.builds ?? 0;
    for (const sort of ALBUM_SORTS) await ok('/albums', { sort, fromYear: 1990, toYear: 2020 });
    expect(genreBuilds()).toBe(0);
    await ok('/albums', { sort: 'name', genre: 'Rock' });
    expect(genreBuilds()).toBe(1);
  });

  it('every album the web shows is the one Subsonic getAlbum answers: same songs, order and counts', async () => {
    const albums = await every<AlbumCard>('/albums', { sort: 'name' });
    const subsonicCount = (await rest('getArtists')).artists.index.flatMap((i: { artist: { albumCount: number }[] }) => i.artist)
      .reduce((sum: number, artist: { albumCount: number }) => sum + artist.albumCount, 0);
    expect(albums.length).toBe(subsonicCount);
    for (const card of albums) {
      const [web, subsonic] = await Promise.all([ok<AlbumDetail>(`/albums/${card.id}`), rest('getAlbum', { id: card.id })]);
      const theirs = subsonic.album;
      expect([web.name, web.artist, web.artistId, web.year, web.songCount, web.duration]).toEqual([
        theirs.name, theirs.artist, theirs.artistId, theirs.year, theirs.songCount, theirs.duration,
      ]);
      expect(web.songs.map((song) => song._id)).toEqual(theirs.song.map((song: { id: string }) => song.id));
      expect(web.songCount).toBe(web.songs.length);
      expect([card.songCount, card.duration]).toEqual([web.songCount, web.duration]);
    }
  }, 120_000);

  it("goes from a song to the album and artist Subsonic files it under", async () => {
    const songs = (await ctx.catalogue.snapshot()).songs.slice(0, 40);
    for (const song of songs) {
      const place = await ok<{ albumId: string; artistId: string }>(`/songs/${song._id}/place`);
      const theirs = (await rest('getSong', { id: song._id })).song;
      expect([place.albumId, place.artistId]).toEqual([theirs.albumId, theirs.artistId]);
      const album = await ok<AlbumDetail>(`/albums/${place.albumId}`);
      expect(album.songs.map((s) => s._id)).toContain(song._id);
      expect(album.songs.every((s) => s.albumId === place.albumId && s.artistId === place.artistId)).toBe(true);
    }
  });

  it('pages each sort in the order getAlbumList2 gives, with the total', async () => {
    const pairs = { name: 'alphabeticalByName', artist: 'alphabeticalByArtist', recent: 'newest' } as const;
    for (const [sort, type] of Object.entries(pairs)) {
      const web = await ok<{ data: AlbumCard[]; total: number }>('/albums', { sort, limit: 20, page: 3 });
      const theirs = (await rest('getAlbumList2', { type, size: '20', offset: '40' })).albumList2.album;
      expect(web.data.map((album) => album.id), sort).toEqual(theirs.map((album: { id: string }) => album.id));
    }
    const all = await every<AlbumCard>('/albums', { sort: 'year' });
    const years = all.map((album) => album.year ?? 10_000);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    const random = await ok<{ data: AlbumCard[]; total: number }>('/albums', { sort: 'random', limit: 30 });
    expect([random.data.length, random.total, new Set(random.data.map((a) => a.id)).size]).toEqual([30, all.length, 30]);
  });

  it('filters by genre and by a year range, in every sort, as a filter of the whole list would', async () => {
    const all = await Promise.all(
      (await every<AlbumCard>('/albums', { sort: 'name' })).map((card) => ok<AlbumDetail>(`/albums/${card.id}`)),
    );
    const genreOf = (album: AlbumDetail) => new Set(album.songs.map((song) => song.genre?.toLowerCase()));
    const filters: { genre?: string; fromYear?: number; toYear?: number }[] = [{ genre: 'Jazz' }, { fromYear: 1980, toYear: 1999 }, { genre: 'rock', fromYear: 2000 }, { toYear: 1970 }, { fromYear: 1961, toYear: 2024 }];
    for (const filter of filters) {
      const expected = all.filter(
        (album) =>
          (!('genre' in filter) || genreOf(album).has(filter.genre!.toLowerCase())) &&
          (!('fromYear' in filter || 'toYear' in filter) ||
            (album.year !== undefined && album.year >= (filter.fromYear ?? 0) && album.year <= (filter.toYear ?? 9999))),
      );
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const sort of ALBUM_SORTS.filter((s) => s !== 'mostPlayed' && s !== 'recentlyPlayed')) {
        const found = await every<AlbumCard>('/albums', { ...filter, sort });
        const total = (await ok<{ total: number }>('/albums', { ...filter, sort, limit: 1 })).total;
        expect(total, `${sort} ${JSON.stringify(filter)}`).toBe(expected.length);
        if (sort === 'random') continue;
        expect(found.map((a) => a.id).sort(), `${sort} ${JSON.stringify(filter)}`).toEqual(expected.map((a) => a.id).sort());
        const unfiltered = (await every<AlbumCard>('/albums', { sort })).map((a) => a.id).filter((id) => expected.some((a) => a.id === id));
        expect(found.map((a) => a.id), `${sort} keeps its order`).toEqual(unfiltered);
      }
    }
  }, 120_000);

  it('orders by plays: most played and recently played list the played albums only', async () => {
    const [a, b] = (await every<AlbumCard>('/albums', { sort: 'name' })).slice(5, 7);
    const songOf = async (id: string) => (await ok<AlbumDetail>(`/albums/${id}`)).songs[0]!._id;
    await recordPlay(ctx.data, listener._id, await songOf(a!.id), new Date(Date.now() - 60_000));
    await recordPlay(ctx.data, listener._id, await songOf(a!.id), new Date(Date.now() - 50_000));
    await recordPlay(ctx.data, listener._id, await songOf(b!.id), new Date());
    const most = await ok<{ data: AlbumCard[]; total: number }>('/albums', { sort: 'mostPlayed' });
    const recent = await ok<{ data: AlbumCard[]; total: number }>('/albums', { sort: 'recentlyPlayed' });
    expect(most.data.map((album) => album.id)).toEqual([a!.id, b!.id]);
    expect(recent.data.map((album) => album.id)).toEqual([b!.id, a!.id]);
  });
});

describe('artists and genres', () => {
  it('pages the A–Z index with album and song counts, and says where each letter starts', async () => {
    const first = await ok<{ data: ArtistCard[]; total: number; letters: { letter: string; offset: number }[] }>('/artists', { limit: 10 });
    const index = (await rest('getArtists')).artists.index as { name: string; artist: { id: string; albumCount: number }[] }[];
    const theirs = index.flatMap((group) => group.artist);
    expect(first.total).toBe(theirs.length);
    expect(first.data.map((artist) => [artist.id, artist.albumCount])).toEqual(theirs.slice(0, 10).map((artist) => [artist.id, artist.albumCount]));
    // The letters in the order the index lists them, each at its first artist.
    let offset = 0;
    const expected = index.map((group) => {
      const at = { letter: group.name, offset };
      offset += group.artist.length;
      return at;
    });
    expect(first.letters.sort((x, y) => x.offset - y.offset)).toEqual(expected.sort((x, y) => x.offset - y.offset));
    const jump = first.letters.find((letter) => letter.offset >= 10)!;
    const page = await ok<{ data: ArtistCard[] }>('/artists', { limit: 1, page: jump.offset + 1 });
    expect(page.data[0]!.id).toBe(theirs[jump.offset]!.id);
  });

  it('shows an artist: albums by year, and its songs most played first', async () => {
    const artists = await every<ArtistCard>('/artists');
    const withMost = artists.sort((a, b) => b.albumCount - a.albumCount)[0]!;
    const artist = await ok<{ albums: AlbumCard[]; topSongs: PlacedSong[]; songCount: number; albumCount: number }>(`/artists/${withMost.id}`);
    const theirs = (await rest('getArtist', { id: withMost.id })).artist;
    expect(artist.albums.map((album) => album.id)).toEqual(theirs.album.map((album: { id: string }) => album.id));
    expect(artist.songCount).toBe(artist.albums.reduce((sum, album) => sum + album.songCount, 0));
    expect(artist.topSongs.length).toBe(Math.min(10, artist.songCount));
    const played = artist.topSongs[3]!;
    await recordPlay(ctx.data, listener._id, played._id, new Date());
    const after = await ok<{ topSongs: PlacedSong[] }>(`/artists/${withMost.id}`);
    expect(after.topSongs[0]!._id).toBe(played._id);
    expect(after.topSongs[0]!.artistId).toBe(withMost.id);
  });

  it('lists the genres getGenres lists, and pages a genre’s albums and songs', async () => {
    const genres = await ok<{ data: { name: string; songCount: number; albumCount: number }[] }>('/genres');
    const theirs = (await rest('getGenres')).genres.genre;
    expect(genres.data.map((g) => [g.name, g.songCount, g.albumCount])).toEqual(theirs.map((g: { value: string; songCount: number; albumCount: number }) => [g.value, g.songCount, g.albumCount]));
    const genre = genres.data[0]!;
    const albums = await every<AlbumCard>(`/genres/${encodeURIComponent(genre.name)}/albums`);
    const songs = await every<PlacedSong>(`/genres/${encodeURIComponent(genre.name.toUpperCase())}/songs`);
    expect([albums.length, songs.length]).toEqual([genre.albumCount, genre.songCount]);
    expect(songs.every((song) => song.genre?.toLowerCase() === genre.name.toLowerCase() && song.albumId.startsWith('al-'))).toBe(true);
    const bySubsonic = (await rest('getSongsByGenre', { genre: genre.name, count: '500' })).songsByGenre.song;
    expect(songs.map((song) => song._id)).toEqual(bySubsonic.map((song: { id: string }) => song.id));
  });
});

describe('bad requests', () => {
  it('needs a signed-in listener', async () => {
    await request(app).get('/api/browse/albums').expect(401);
    await request(app).get('/api/browse/genres').expect(401);
  });

  it('answers 400 with a message for bad parameters and 404 with a message for unknown ids', async () => {
    const cases: [string, Record<string, string | number>, number, RegExp][] = [
      ['/albums', { sort: 'loudest' }, 400, /Sort should be one of/],
      ['/albums', { limit: 0 }, 400, /Limit/],
      ['/albums', { limit: 501 }, 400, /Limit/],
      ['/albums', { page: 'x' }, 400, /Page/],
      ['/albums', { fromYear: 2001, toYear: 1990 }, 400, /From year should not be after to year/],
      ['/albums', { fromYear: 'soon' }, 400, /From year/],
      ['/albums/nope', {}, 400, /Invalid id/],
      ['/albums/al-00000000000000000000', {}, 404, /Album not found/],
      ['/artists/ar-00000000000000000000', {}, 404, /Artist not found/],
      ['/artists/al-00000000000000000000', {}, 400, /Invalid id/],
      ['/artists', { page: 0 }, 400, /Page/],
      ['/genres/No Such Genre/albums', {}, 404, /Genre not found/],
      ['/genres/Jazz/songs', { limit: 'many' }, 400, /Limit/],
      ['/songs/123/place', {}, 400, /Invalid id/],
      ['/songs/0123456789abcdef01234567/place', {}, 404, /Song not found/],
    ];
    for (const [path, query, status, message] of cases) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(status);
      expect(res.body.message, path).toMatch(message);
    }
    // An unknown genre filter is an empty page, not an error.
    expect(await ok('/albums', { genre: 'Nothing Like It' })).toEqual({ data: [], total: 0 });
  });
});
