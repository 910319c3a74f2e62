import type { Playlist, Song } from '@samaa/shared';
import type { CardMenuItem } from '../../components/CardMenu';
import { LikeButton } from '../likes';
import { AddToPlaylist, playlistsChanged } from '../playlists';
import { SongMenu } from './SongMenu';

/**
 * A song row's buttons wherever songs are listed: like, add to a playlist, and the "⋯" menu
 * (with the page's own `menuItems` first).
 */
export function SongActions({ song, playlists, menuItems }: { song: Song; playlists: Playlist[] | undefined; menuItems?: CardMenuItem[] }) {
  return (
    <>
      <LikeButton songId={song._id} songName={song.name} />
      <AddToPlaylist songId={song._id} songName={song.name} playlists={playlists} onAdded={() => playlistsChanged()} />
      <SongMenu song={song} items={menuItems} />
    </>
  );
}
