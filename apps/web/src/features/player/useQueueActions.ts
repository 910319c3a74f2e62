import { useContext, useMemo } from 'react';
import { QUEUE_LABELS, type Song } from '@samaa/shared';
import { songToTrack } from './sources';
import { PlayerEngineContext } from './usePlayer';

/**
 * "Play next" and "Add to queue" for songs a screen shows, each announced once done; null where
 * no player is above (a screen rendered on its own).
 */
export function useQueueActions() {
  const engine = useContext(PlayerEngineContext);
  return useMemo(
    () =>
      engine && {
        playNext(songs: Song[]) {
          engine.playNext(songs.map(songToTrack));
          engine.announce(QUEUE_LABELS.playingNext);
        },
        addToQueue(songs: Song[]) {
          engine.addToQueue(songs.map(songToTrack));
          engine.announce(QUEUE_LABELS.addedToQueue);
        },
      },
    [engine],
  );
}
