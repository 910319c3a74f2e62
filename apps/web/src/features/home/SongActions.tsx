import type { Playlist, Song } from '@samaa/shared';
import { LikeButton } from '../likes';
import { AddToPlaylist, playlistsChanged } from '../playlists';
import { SongShareMenu } from '../shares';

/** A song row's buttons on Home and in the search results: like, add to a playlist, and share. */
export function SongActions({ song, playlists }: { song: Song; playlists: Playlist[] | undefined }) {
  return (
    <>
      <LikeButton songId={song._id} songName={song.name} />
      <AddToPlaylist songId={song._id} songName={song.name} playlists={playlists} onAdded={() => void playlistsChanged()} />
      <SongShareMenu song={song} />
    </>
  );
}
