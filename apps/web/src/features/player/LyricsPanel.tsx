import { useEffect, useId, useRef, useState } from 'react';
import { LYRICS_ANNOUNCE_KEY, LYRICS_MESSAGES, type LyricsLine } from '@samaa/shared';
import { currentLineIndex, prefetchLyrics, useSongLyrics } from '../lyrics';
import { upcomingIndex } from './queue';
import { usePlayerEngine, usePlayerState } from './usePlayer';

/** How often the highlighted line is checked while playing: a line is never late by more. */
export const LYRICS_TICK_MS = 200;

function readAnnounce(): boolean {
  try {
    return localStorage.getItem(LYRICS_ANNOUNCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The index of the line sung now. The track is the engine's current one, which changes at a
 * gapless or crossfade join, not before; a seek moves the snapshot's position at once; between
 * the 1 s progress polls the panel reads the output itself, and re-renders only when the line
 * changes.
 */
function useCurrentLine(lines: readonly LyricsLine[] | null): number {
  const engine = usePlayerEngine();
  const playing = usePlayerState((s) => s.playback.playing);
  const position = usePlayerState((s) => s.position);
  const [current, setCurrent] = useState(-1);

  useEffect(() => {
    if (!lines) return;
    setCurrent(currentLineIndex(lines, engine.currentPosition() * 1000));
  }, [lines, position, engine]);

  useEffect(() => {
    if (!lines || !playing) return;
    const timer = window.setInterval(() => setCurrent(currentLineIndex(lines, engine.currentPosition() * 1000)), LYRICS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [lines, playing, engine]);

  return lines ? current : -1;
}

function SyncedLines({ lines, announce }: { lines: readonly LyricsLine[]; announce: boolean }) {
  const { seek } = usePlayerEngine();
  const current = useCurrentLine(lines);
  const list = useRef<HTMLOListElement>(null);

  // Kept in view inside the panel's own scroll area; the page itself does not move.
  useEffect(() => {
    const box = list.current;
    const line = box?.children[current] as HTMLElement | undefined;
    if (!box || !line) return;
    box.scrollTo?.({ top: line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2, behavior: 'smooth' });
  }, [current]);

  const sung = current >= 0 ? lines[current]?.text : undefined;
  return (
    <>
      <ol className="player-lyrics__lines" ref={list} data-testid="lyrics-lines">
        {lines.map((line, i) => (
          <li key={i}>
            <button
              type="button"
              className="player-lyrics__line"
              aria-current={i === current ? 'true' : undefined}
              onClick={() => seek((line.start ?? 0) / 1000)}
            >
              {line.text || '♪'}
            </button>
          </li>
        ))}
      </ol>
      {/* One polite announcement per line change; silent (and off) when the listener says so. */}
      <p className="visually-hidden" aria-live={announce ? 'polite' : 'off'} data-testid="lyrics-announcer">
        {announce && sung ? sung : ''}
      </p>
    </>
  );
}

/** The "Lyrics" panel of /player: synced lines that follow the music, plain text, or why there is none. */
export function LyricsPanel() {
  const track = usePlayerState((s) => s.track);
  const upcomingId = usePlayerState((s) => s.playback.tracks[upcomingIndex(s.playback)]?.id ?? null);
  const query = useSongLyrics(track?.id);
  useEffect(() => prefetchLyrics(upcomingId), [upcomingId]);
  const [announce, setAnnounce] = useState(readAnnounce);
  const id = useId();
  const lyrics = query.data ?? null;

  const toggle = (on: boolean) => {
    setAnnounce(on);
    try {
      localStorage.setItem(LYRICS_ANNOUNCE_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts this visit.
    }
  };

  return (
    <section className="player-card player-lyrics" aria-labelledby={`${id}-title`} data-testid="lyrics-panel">
      <div className="player-lyrics__head">
        <h2 id={`${id}-title`} className="player-settings__title">
          {LYRICS_MESSAGES.panelTitle}
        </h2>
        {lyrics?.synced && (
          <label className="player-settings__check player-lyrics__announce">
            <input type="checkbox" checked={announce} onChange={(e) => toggle(e.target.checked)} />
            {LYRICS_MESSAGES.announceLines}
          </label>
        )}
      </div>
      {query.isLoading ? (
        <p className="player-settings__hint">…</p>
      ) : query.isError ? (
        <p className="player-settings__hint">{LYRICS_MESSAGES.loadFailed}</p>
      ) : !lyrics ? (
        <p className="player-settings__hint">{LYRICS_MESSAGES.none}</p>
      ) : lyrics.synced ? (
        <SyncedLines key={track?.id} lines={lyrics.lines} announce={announce} />
      ) : (
        <div className="player-lyrics__plain" data-testid="lyrics-plain">
          {lyrics.lines.map((line, i) => (line.text ? <p key={i}>{line.text}</p> : <br key={i} />))}
        </div>
      )}
    </section>
  );
}
