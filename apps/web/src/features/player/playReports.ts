import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PlayReport } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { reportPlay } from './api';
import type { PlayerEngine, PlayerSnapshot } from './engine/PlayerEngine';
import { usePlayerEngine } from './usePlayer';

/** Catalogue songs only: Saavn and Spotify tracks are not Samaa's to count. */
const CATALOGUE_ID = /^[0-9a-f]{24}$/i;
/** As Subsonic apps scrobble (Last.fm's rule): half the song, or four minutes, listened. */
const MAX_LISTEN_S = 240;
/** A position jump larger than this is a seek, not listening. */
const MAX_STEP_S = 3;

type Engine = Pick<PlayerEngine, 'subscribe' | 'getSnapshot'>;

/**
 * Tells the server what the player plays: a "now playing" notice when a song starts, and a play
 * once it was listened to long enough (seeking does not count). Returns the unsubscribe.
 */
export function reportPlays(engine: Engine, send: (report: PlayReport) => void): () => void {
  let key: string | null = null;
  let listened = 0;
  let lastPosition = 0;
  let announced = false;
  let counted = false;
  const onChange = () => {
    const { track, playback, position, duration }: PlayerSnapshot = engine.getSnapshot();
    if (!track || !CATALOGUE_ID.test(track.id)) {
      key = null;
      return;
    }
    const playKey = `${track.id}:${playback.startCount}`;
    if (playKey !== key) {
      [key, listened, lastPosition, announced, counted] = [playKey, 0, position, false, false];
    }
    if (!playback.playing) {
      lastPosition = position;
      return;
    }
    if (!announced) {
      announced = true;
      send({ songId: track.id, submission: false });
    }
    const step = position - lastPosition;
    if (step > 0 && step <= MAX_STEP_S) listened += step;
    lastPosition = position;
    if (!counted && duration > 0 && listened >= Math.min(MAX_LISTEN_S, duration / 2)) {
      counted = true;
      send({ songId: track.id, submission: true });
    }
  };
  return engine.subscribe(onChange);
}

/** Mounted once under the player: reports through a mutation, failures ignored (best effort). */
export function PlayReporter() {
  const engine = usePlayerEngine();
  const { mutate } = useMutation({ mutationFn: reportPlay }, queryClient);
  useEffect(() => reportPlays(engine, (report) => mutate(report)), [engine, mutate]);
  return null;
}
