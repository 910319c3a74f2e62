import { Link, useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, errorLine } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { Loading } from '../../components/Loading';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { Cover, countLabel, totalTime } from './Cover';
import { SetActions } from './SetActions';
import { SongList } from './SongList';
import { useAlbum } from './queries';
import './browse.css';

/** /albums/:id: the album's cover, facts and actions, and its songs in disc and track order. */
export default function AlbumPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const { data: playlists } = useOwnPlaylists();
  useLikedIds(); // loaded once here for every heart on the page

  if (album.isPending) return <Loading />;
  if (album.error) {
    return (
      <p className="alert alert--error" role="alert">
        {errorLine(errorMessage(album.error, BROWSE_MESSAGES.albumFailed))}
      </p>
    );
  }
  const { data } = album;
  const facts = [
    data.year !== undefined ? String(data.year) : undefined,
    countLabel(data.songCount, 'song'),
    totalTime(data.duration),
  ].filter(Boolean);
  return (
    <div className="browse browse--detail">
      <header className="detail-head">
        <Cover image={data.image} name={data.name} cssPx={192} className="detail-head__cover" />
        <div className="detail-head__text">
          <p className="detail-head__kind">Album</p>
          <h1>{data.name}</h1>
          <p className="detail-head__by">
            <Link to={`/artists/${data.artistId}`}>{data.artist}</Link>
            {data.genre && (
              <>
                {' · '}
                <Link to={`/genres/${encodeURIComponent(data.genre)}`}>{data.genre}</Link>
              </>
            )}
          </p>
          <p className="detail-head__facts">{facts.join(' · ')}</p>
          <SetActions name={data.name} songs={data.songs} songIds={data.songs.map((song) => song._id)} playlists={playlists} />
        </div>
      </header>
      {data.songs.length === 0 ? (
        <p className="empty-state">{BROWSE_MESSAGES.noSongs}</p>
      ) : (
        <SongList songs={data.songs} label={`${data.name}: ${BROWSE_MESSAGES.songs}`} playlists={playlists} />
      )}
    </div>
  );
}
