import { useState } from 'react';
import { BROWSE_MESSAGES, QUEUE_LABELS, type Playlist, type Song } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { useQueueActions, useStartPlayback } from '../player';
import { AddToPlaylist, playlistsChanged } from '../playlists';

/** A copy of the songs in a random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * What can be done with a whole set of songs (an album, an artist): play it, shuffle it, add it
 * to a playlist (when its song ids are known up front). The one place a set's actions are added.
 */
export function SetActions({
  name,
  songs,
  playlists,
  songIds,
}: {
  name: string;
  /** The set, or how to read it (an artist's albums are read when played). */
  songs: Song[] | (() => Promise<Song[]>);
  playlists?: Playlist[];
  songIds?: string[];
}) {
  const startPlayback = useStartPlayback();
  const queue = useQueueActions();
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Plays the set now (in order or shuffled), next, or after the queue. */
  async function play(how: 'now' | 'shuffle' | 'next' | 'later') {
    setFailed(null);
    setBusy(true);
    try {
      const list = typeof songs === 'function' ? await songs() : songs;
      if (list.length === 0) return;
      if (how === 'next') queue?.playNext(list);
      else if (how === 'later') queue?.addToQueue(list);
      else startPlayback(how === 'shuffle' ? shuffled(list) : list, 0, { kind: 'list' }, { stay: true });
    } catch (error) {
      setFailed(errorMessage(error, BROWSE_MESSAGES.albumFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="set-actions">
      <button type="button" className="btn" disabled={busy} onClick={() => void play('now')} aria-label={`${BROWSE_MESSAGES.play} ${name}`}>
        {BROWSE_MESSAGES.play}
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void play('shuffle')} aria-label={`${BROWSE_MESSAGES.shuffle} ${name}`}>
        {BROWSE_MESSAGES.shuffle}
      </button>
      {queue && (
        <>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void play('next')} aria-label={`${QUEUE_LABELS.playNext}: ${name}`}>
            {QUEUE_LABELS.playNext}
          </button>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void play('later')} aria-label={`${QUEUE_LABELS.addToQueue}: ${name}`}>
            {QUEUE_LABELS.addToQueue}
          </button>
        </>
      )}
      {songIds && songIds.length > 0 && (
        <span className="set-actions__playlist">
          <AddToPlaylist songId={songIds[0]!} songIds={songIds} songName={name} playlists={playlists} onAdded={() => playlistsChanged()} />
          <span aria-hidden="true">{BROWSE_MESSAGES.addAllToPlaylist}</span>
        </span>
      )}
      {failed && (
        <p className="alert alert--error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
