import { Navigate, useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, errorLine } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { Loading } from '../../components/Loading';
import { useSongPlace } from './queries';

/** /songs/:id/album and /songs/:id/artist: asks the server where the song is filed, then goes there. */
export default function SongPlaceRedirect({ to }: { to: 'album' | 'artist' }) {
  const { id = '' } = useParams();
  const place = useSongPlace(id);
  if (place.data) return <Navigate replace to={to === 'album' ? `/albums/${place.data.albumId}` : `/artists/${place.data.artistId}`} />;
  if (place.error) {
    return (
      <p className="alert alert--error" role="alert">
        {errorLine(errorMessage(place.error, BROWSE_MESSAGES.songPlaceFailed))}
      </p>
    );
  }
  return <Loading />;
}
