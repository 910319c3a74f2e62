import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Song } from '@samaa/shared';
import { cataloguePagesAfter } from '../catalogue';
import { moreTracks, songToTrack } from './sources';
import { usePlayerEngine } from './usePlayer';

/** Where a play button's songs come from, so the queue knows whether more follow. */
export type PlaybackSource =
  /** One page of the catalogue: near the queue's end the engine reads the next page and appends it. */
  | { kind: 'catalogue'; page: number; pageSize: number; total: number }
  /** A list played as it is shown (search results, liked songs): nothing follows. */
  | { kind: 'list' };

/** How a play button starts: `stay` keeps the listener on the page (the now-playing bar shows it). */
export interface StartOptions {
  stay?: boolean;
}

/**
 * Plays the songs a play button already holds, from `index`, at once, then opens /player, which
 * shows what is playing (or stays, with `stay`). No request is made unless the queue later reads
 * the catalogue's next page.
 */
export function useStartPlayback() {
  const { playQueue } = usePlayerEngine();
  const navigate = useNavigate();
  return useCallback(
    (songs: Song[], index: number, source: PlaybackSource = { kind: 'list' }, options: StartOptions = {}) => {
      const more =
        source.kind === 'catalogue' ? moreTracks(cataloguePagesAfter(source.page, source.pageSize, source.total)) : undefined;
      playQueue(songs.map(songToTrack), index, more);
      if (!options.stay) navigate('/player');
    },
    [playQueue, navigate],
  );
}
