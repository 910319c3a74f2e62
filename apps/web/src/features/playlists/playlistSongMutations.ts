import { useMutation } from '@tanstack/react-query';
import { arrayMove } from '@dnd-kit/sortable';
import type { Playlist } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { moveSongInPlaylist, removeSongFromPlaylist } from './api';
import { PLAYLIST_KEYS } from './playlistQueries';

type SongChange = { kind: 'remove'; songId: string } | { kind: 'move'; songId: string; to: number };

/** The playlist as it looks once the change is made: what the page shows before the server answers. */
export function changedLocally(playlist: Playlist, change: SongChange): Playlist {
  const from = playlist.songs.findIndex((song) => song._id === change.songId);
  if (from < 0) return playlist;
  if (change.kind === 'remove') return { ...playlist, songs: playlist.songs.filter((_, i) => i !== from) };
  const to = Math.min(change.to, playlist.songs.length - 1);
  return { ...playlist, songs: arrayMove(playlist.songs, from, to) };
}

const send = (playlistId: string, change: SongChange) =>
  change.kind === 'remove' ? removeSongFromPlaylist(playlistId, change.songId) : moveSongInPlaylist(playlistId, change.songId, change.to);

/**
 * Removes or moves a song of the playlist page, optimistically: the page shows the change at once;
 * a failure puts back the playlist as it was before it. The server's answer is shown once no other
 * change of this playlist is still on its way (an earlier answer would undo a later change shown).
 */
export function usePlaylistSongChange(playlistId: string) {
  const key = PLAYLIST_KEYS.one(playlistId);
  const mutationKey = ['playlists', 'songs', playlistId];
  return useMutation(
    {
      mutationKey,
      mutationFn: (change: SongChange) => send(playlistId, change),
      onMutate: async (change) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<Playlist>(key);
        if (before) queryClient.setQueryData<Playlist>(key, changedLocally(before, change));
        return { before };
      },
      onError: (error, _change, context) => {
        console.error('Playlist change failed', error);
        if (context?.before) queryClient.setQueryData(key, context.before);
        void queryClient.invalidateQueries({ queryKey: key });
      },
      onSuccess: (answer) => {
        if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, answer);
        queryClient.setQueryData<Playlist[]>(PLAYLIST_KEYS.own, (list) => list?.map((playlist) => (playlist._id === answer._id ? answer : playlist)));
      },
    },
    queryClient,
  );
}
