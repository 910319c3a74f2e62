import { useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, errorLine, type Song } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { Loading } from '../../components/Loading';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { fetchAlbum } from './api';
import { AlbumTile } from './AlbumTile';
import { Cover, countLabel } from './Cover';
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

  if (artist.isPending) return <Loading />;
  if (artist.error) {
    return (
      <p className="alert alert--error" role="alert">
        {errorLine(errorMessage(artist.error, BROWSE_MESSAGES.artistFailed))}
      </p>
    );
  }
  const { data } = artist;
  // Every song of the artist, album by album, read (and kept) when played.
  const allSongs = async (): Promise<Song[]> => {
    const albums = await Promise.all(
      data.albums.map((album) => queryClient.fetchQuery({ queryKey: [...BROWSE_KEY, 'album', album.id], queryFn: () => fetchAlbum(album.id) })),
    );
    return albums.flatMap((album) => album.songs);
  };
  return (
    <div className="browse browse--detail">
      <header className="detail-head">
        <Cover image={data.image} name={data.name} cssPx={192} className="detail-head__cover detail-head__cover--round" />
        <div className="detail-head__text">
          <p className="detail-head__kind">Artist</p>
          <h1>{data.name}</h1>
          <p className="detail-head__facts">
            {countLabel(data.albumCount, 'album')} · {countLabel(data.songCount, 'song')}
          </p>
          <SetActions name={data.name} songs={allSongs} />
        </div>
      </header>
      <section aria-labelledby="artist-top">
        <h2 id="artist-top">{BROWSE_MESSAGES.mostPlayed}</h2>
        {data.topSongs.length === 0 ? (
          <p className="empty-state">{BROWSE_MESSAGES.noSongs}</p>
        ) : (
          <SongList songs={data.topSongs} label={`${data.name}: ${BROWSE_MESSAGES.mostPlayed}`} playlists={playlists} />
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
