import type { PlacedSong, Playlist } from '@samaa/shared';
import { SongRow } from '../../components/SongRow';
import { useStartPlayback } from '../player';
import { SongActions } from '../songActions';
import { songLinks } from './songLinks';

/**
 * Songs of an album, an artist or a genre. A click plays the list from that song where the
 * listener is: the now-playing bar starts and the page stays.
 */
export function SongList({ songs, label, playlists }: { songs: PlacedSong[]; label: string; playlists: Playlist[] | undefined }) {
  const startPlayback = useStartPlayback();
  return (
    <ol className="browse-songs" aria-label={label}>
      {songs.map((song, index) => (
        <li key={song._id} className="browse-songs__row">
          <SongRow
            song={song}
            onPlay={() => startPlayback(songs, index, { kind: 'list' }, { stay: true })}
            links={songLinks(song)}
            actions={<SongActions song={song} playlists={playlists} />}
          />
        </li>
      ))}
    </ol>
  );
}
