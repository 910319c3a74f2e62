import { useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, type ArtistDetail, type Playlist, type Song } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { AsyncItem } from '../../components/AsyncList';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { fetchAlbum } from './api';
import { AlbumTile } from './AlbumTile';
import { countLabel } from './Cover';
import { DetailHead } from './DetailHead';
import { SetActions } from './SetActions';
import { SongList } from './SongList';
import { BROWSE_KEY, useArtist } from './queries';
import './browse.css';

/** /artists/:id: the artist's albums by year and most played songs; Play and Shuffle read its albums. */
export default function ArtistPage() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const { data: playlists } = useOwnPlaylists();
  useLikedIds();
  return (
    <AsyncItem query={artist} failed={BROWSE_MESSAGES.artistFailed}>
      {(data) => <Artist data={data} playlists={playlists} />}
    </AsyncItem>
  );
}

function Artist({ data, playlists }: { data: ArtistDetail; playlists: Playlist[] | undefined }) {
  // Every song of the artist, album by album, read (and kept) when played.
  const allSongs = async (): Promise<Song[]> => {
    const albums = await Promise.all(
      data.albums.map((album) =>
        queryClient.fetchQuery({
          queryKey: [...BROWSE_KEY, 'album', album.id],
          queryFn: () => fetchAlbum(album.id),
        }),
      ),
    );
    return albums.flatMap((album) => album.songs);
  };
  return (
    <div className="browse browse--detail">
      <DetailHead kind="Artist" name={data.name} image={data.image} round>
        <p className="detail-head__facts">
          {countLabel(data.albumCount, 'album')} · {countLabel(data.songCount, 'song')}
        </p>
        <SetActions name={data.name} songs={allSongs} />
      </DetailHead>
      <section aria-labelledby="artist-top">
        <h2 id="artist-top">{BROWSE_MESSAGES.mostPlayed}</h2>
        {data.topSongs.length === 0 ? (
          <p className="empty-state">{BROWSE_MESSAGES.noSongs}</p>
        ) : (
          <SongList
            songs={data.topSongs}
            label={`${data.name}: ${BROWSE_MESSAGES.mostPlayed}`}
            playlists={playlists}
          />
        )}
      </section>
      <section aria-labelledby="artist-albums">
        <h2 id="artist-albums">{BROWSE_MESSAGES.albums}</h2>
        <ul className="grid album-list" aria-label={`${data.name}: ${BROWSE_MESSAGES.albums}`}>
          {data.albums.map((album) => (
            <li key={album.id}>
              <AlbumTile album={album} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
