import { afterEach, describe, expect, it } from 'vitest';
import type { Playlist } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { PLAYLIST_KEYS, playlistsChanged } from './playlistQueries';

const playlist = (id: string, songs: number): Playlist =>
  ({ _id: id, name: id, desc: '', img: '', user: 'u1', songs: Array.from({ length: songs }, (_, i) => ({ _id: `s${i}` })) }) as unknown as Playlist;

afterEach(() => queryClient.clear());

describe('playlistsChanged', () => {
  it('puts the changed playlist in the cached list at once, before any refetch', async () => {
    queryClient.setQueryData(PLAYLIST_KEYS.own, [playlist('a', 1), playlist('b', 0)]);
    await playlistsChanged(playlist('a', 2));
    const own = queryClient.getQueryData<Playlist[]>(PLAYLIST_KEYS.own)!;
    expect(own.map((p) => [p._id, p.songs.length])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
    expect(queryClient.getQueryState(PLAYLIST_KEYS.own)?.isInvalidated).toBe(true);
  });
});
