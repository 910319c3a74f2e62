import type { SubsonicCall, SubsonicMethod } from '../call.js';
import { KeptAnswer } from '../keptAnswers.js';
import type { Payload } from '../response.js';
import { genreMethods } from './genres.js';
import { listMethods } from './lists.js';
import { searchMethods } from './search.js';

/*
 * The folder-based (non-ID3) forms of the list calls that older apps and Feishin's favourites
 * use. They answer what their ID3 forms answer, with albums as directories (`Child`, isDir) and
 * artists as plain `Artist`: one list logic, two shapes.
 */

const items = (answer: Payload | KeptAnswer | 'sent', element: string, list: string): Payload[] => {
  const payload = answer instanceof KeptAnswer ? answer.value() : answer;
  const body = (payload as Payload)[element] as Payload;
  return (body[list] as Payload[] | undefined) ?? [];
};

/** An AlbumID3 as a directory `Child`. */
export const albumDirectory = (album: Payload): Payload => ({
  id: album.id,
  parent: album.artistId,
  isDir: true,
  title: album.name,
  album: album.name,
  artist: album.artist,
  year: album.year,
  coverArt: album.coverArt,
  duration: album.duration,
  playCount: album.playCount,
  created: album.created,
  starred: album.starred,
});

const artistEntry = (artist: Payload): Payload => ({ id: artist.id, name: artist.name, starred: artist.starred });

const run = (method: SubsonicMethod | undefined, call: SubsonicCall) => method!(call);

export const legacyListMethods: Record<string, SubsonicMethod> = {
  getAlbumList: async (call) => {
    const albums = items(await run(genreMethods.getAlbumList2, call), 'albumList2', 'album');
    return { albumList: { album: albums.map(albumDirectory) } };
  },

  getStarred: async (call) => {
    const starred = await run(listMethods.getStarred2, call);
    return {
      starred: {
        artist: items(starred, 'starred2', 'artist').map(artistEntry),
        album: items(starred, 'starred2', 'album').map(albumDirectory),
        song: items(starred, 'starred2', 'song'),
      },
    };
  },

  search2: async (call) => {
    const found = await run(searchMethods.search3, call);
    return {
      searchResult2: {
        artist: items(found, 'searchResult3', 'artist').map(artistEntry),
        album: items(found, 'searchResult3', 'album').map(albumDirectory),
        song: items(found, 'searchResult3', 'song'),
      },
    };
  },
};
