import { useEffect } from 'react';
import { LABELS, MESSAGES, trendingError, type SaavnPlaylist } from '@samaa/shared';
import { TRENDING_QUERY, saavnFailureDetail } from '../saavn';
import { useSaavnPlaylists } from '../saavn';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SaavnPlaylistGrid } from '../saavn';

/** `/trending`: Saavn's trending playlists; a click opens the player. */
export default function TrendingPage() {
  const { data, error } = useSaavnPlaylists(TRENDING_QUERY);
  useEffect(() => {
    if (error) console.error(MESSAGES.trendingFailed, error);
  }, [error]);
  const detail = error ? saavnFailureDetail(error) : undefined;
  const state: ListState<SaavnPlaylist> = data
    ? { status: 'ready', items: data }
    : error
      ? { status: 'error', message: detail ? trendingError(detail) : MESSAGES.trendingFailed }
      : { status: 'loading' };

  return (
    <div className="trending">
      <h1>{LABELS.trendingPlaylists}</h1>
      <AsyncList state={state} empty={MESSAGES.noTrending}>
        {(playlists) => <SaavnPlaylistGrid playlists={playlists} wholeCardPlays />}
      </AsyncList>
    </div>
  );
}
