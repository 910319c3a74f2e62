import { useEffect, useState } from 'react';
import { LABELS, MESSAGES, trendingError, type SaavnPlaylist } from '@samaa/shared';
import { TRENDING_QUERY, saavnFailureDetail, searchSaavnPlaylists } from '../../api/saavn';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SaavnPlaylistGrid } from '../../components/SaavnPlaylistGrid';

/** SPEC §2 "/trending": Saavn's trending playlists; a click opens the player. */
export default function TrendingPage() {
  const [state, setState] = useState<ListState<SaavnPlaylist>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    searchSaavnPlaylists(TRENDING_QUERY)
      .then((playlists) => live && setState({ status: 'ready', items: playlists }))
      .catch((error) => {
        console.error(MESSAGES.trendingFailed, error);
        const detail = saavnFailureDetail(error);
        if (live)
          setState({
            status: 'error',
            message: detail ? trendingError(detail) : MESSAGES.trendingFailed,
          });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="trending">
      <h1>{LABELS.trendingPlaylists}</h1>
      <AsyncList state={state} empty={MESSAGES.noTrending}>
        {(playlists) => <SaavnPlaylistGrid playlists={playlists} wholeCardPlays />}
      </AsyncList>
    </div>
  );
}
