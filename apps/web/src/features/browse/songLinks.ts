import type { Song } from '@samaa/shared';

/**
 * Where a song row's artist and album names lead. A song from these pages knows its album and
 * artist ids; any other (the catalogue's `/api/songs` rows keep the spec's shape) goes through
 * /songs/:id/album or /songs/:id/artist, which ask the server where the song is filed.
 */
export function songLinks(song: Song & { albumId?: string; artistId?: string }): { album: string; artist: string } {
  const id = encodeURIComponent(song._id);
  return {
    album: song.albumId ? `/albums/${song.albumId}` : `/songs/${id}/album`,
    artist: song.artistId ? `/artists/${song.artistId}` : `/songs/${id}/artist`,
  };
}
