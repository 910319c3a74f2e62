import { Link, useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, type AlbumDetail, type Playlist } from '@samaa/shared';
import { AsyncItem } from '../../components/AsyncList';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { countLabel, totalTime } from './Cover';
import { DetailHead } from './DetailHead';
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
  return (
    <AsyncItem query={album} failed={BROWSE_MESSAGES.albumFailed}>
      {(data) => <Album data={data} playlists={playlists} />}
    </AsyncItem>
  );
}

function Album({ data, playlists }: { data: AlbumDetail; playlists: Playlist[] | undefined }) {
  const facts = [
    data.year !== undefined ? String(data.year) : undefined,
    countLabel(data.songCount, 'song'),
    totalTime(data.duration),
  ].filter(Boolean);
  return (
    <div className="browse browse--detail">
      <DetailHead kind="Album" name={data.name} image={data.image}>
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
        <SetActions
          name={data.name}
          songs={data.songs}
          songIds={data.songs.map((song) => song._id)}
          playlists={playlists}
        />
      </DetailHead>
      {data.songs.length === 0 ? (
        <p className="empty-state">{BROWSE_MESSAGES.noSongs}</p>
      ) : (
        <SongList
          songs={data.songs}
          label={`${data.name}: ${BROWSE_MESSAGES.songs}`}
          playlists={playlists}
        />
      )}
    </div>
  );
}
