import type { CardViewModel, Playlist } from '@samaa/shared';
import { mediaUrl } from '../../api/client';

/**
 * An own playlist as a card. The count is the true number of songs: the original's "total minus 1"
 * compensated for a placeholder entry our data model does not keep (see README, deviations).
 */
export function ownPlaylistCard(playlist: Playlist): CardViewModel {
  const img = mediaUrl(playlist.img);
  return {
    id: playlist._id,
    name: playlist.name,
    images: img ? [{ url: img }] : [],
    tracks: { total: (Array.isArray(playlist.songs) ? playlist.songs.length : 0) + (playlist.saavnTracks?.length ?? 0) },
  };
}
