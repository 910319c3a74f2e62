import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getStoredUser } from '../../session/session';
import { loadSession, loadVolume, savePosition, saveQueue, saveVolume } from './persistence';
import * as playbackRules from './queue';
import {
  currentTrack,
  emptyPlayback,
  playbackError,
  upcomingIndex,
  type PlaybackState,
  type PlayerTrack,
  type Rng,
} from './queue';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { useMediaSession } from './useMediaSession';
import { PlayerContext, type PlayerContextValue } from './usePlayer';

/** SPEC §4/§9: progress is polled every 1000 ms. */
export const PROGRESS_POLL_MS = 1000;

const finiteOr = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);

/**
 * The one audio engine of the listener area. It renders the playback state (queue.ts) onto a
 * single <audio> element that lives above the routes, so playback continues across screens, and
 * keeps a second element loading the upcoming track so the switch has no gap.
 */
export function PlayerProvider({
  children,
  rng = Math.random,
}: {
  children: ReactNode;
  rng?: Rng;
}) {
  const owner = getStoredUser()?._id ?? null;
  const [restored] = useState(() => loadSession(owner));
  const [playback, setPlayback] = useState<PlaybackState>(() => restored?.state ?? emptyPlayback);
  const [position, setPosition] = useState(restored?.position ?? 0);
  const [duration, setDuration] = useState(0);
  const [{ volume, muted }, setVolumeState] = useState(loadVolume);
  /** The src that reached canplaythrough: play() is only called once the audio can play through. */
  const [readySrc, setReadySrc] = useState<string | null>(null);

  const audioRef = useRef<HTMLAudioElement>(null);
  const preloadRef = useRef<HTMLAudioElement>(null);
  const playingRef = useRef(playback.playing);
  const readySrcRef = useRef<string | null>(null);
  /** A position to apply once metadata is known (restored after a reload). */
  const pendingSeekRef = useRef<number | null>(restored?.position || null);

  const track = currentTrack(playback);
  const error = playbackError(playback);
  const src = track?.src ?? null;

  useLayoutEffect(() => {
    playingRef.current = playback.playing;
  }, [playback.playing]);

  const startPlayback = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    Promise.resolve(audio.play()).catch((err: unknown) => {
      const name = err instanceof Error ? err.name : '';
      if (name === 'AbortError') return; // superseded by a newer load or a pause
      console.error('Audio playback failed:', err);
      // Blocked autoplay is not the track's fault: stay on it, paused.
      if (name === 'NotAllowedError') setPlayback((s) => playbackRules.setPlaying(s, false));
      else setPlayback(playbackRules.skipFailed);
    });
  }, []);

  // A new current track, or the same one started again (repeat, jump, new queue).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!src) {
      if (audio.hasAttribute('src')) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
      readySrcRef.current = null;
      setReadySrc(null);
      return;
    }
    if (audio.getAttribute('src') !== src) {
      readySrcRef.current = null;
      setReadySrc(null);
      setDuration(0);
      setPosition(pendingSeekRef.current ?? 0);
      audio.src = src;
      audio.load();
      return;
    }
    if (pendingSeekRef.current === null) {
      audio.currentTime = 0;
      setPosition(0);
    }
    if (playingRef.current && readySrcRef.current === src) startPlayback();
  }, [src, playback.startCount, startPlayback]);

  // Play/pause on the same track.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (!playback.playing) audio.pause();
    else if (readySrcRef.current === src) startPlayback();
  }, [playback.playing, src, startPlayback]);

  // Progress, polled while playing.
  useEffect(() => {
    if (!playback.playing) return;
    const timer = window.setInterval(() => {
      const audio = audioRef.current;
      if (!audio) return;
      setPosition(audio.currentTime);
      setDuration((d) => finiteOr(audio.duration, d));
      savePosition(audio.currentTime);
    }, PROGRESS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [playback.playing]);

  // The queue survives a reload; the exact position is saved when the page goes away.
  useEffect(() => {
    saveQueue(playback, owner);
  }, [playback, owner]);

  useEffect(() => {
    const onPageHide = () => {
      const audio = audioRef.current;
      if (audio?.hasAttribute('src') && audio.readyState > 0) savePosition(audio.currentTime);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.volume = volume;
      audio.muted = muted;
    }
    saveVolume({ volume, muted });
  }, [volume, muted]);

  // Preload the upcoming track once the current one is ready, so the switch has no gap.
  const upcoming = upcomingIndex(playback);
  const upcomingSrc = playback.tracks[upcoming]?.src ?? '';
  useEffect(() => {
    const preload = preloadRef.current;
    if (!preload || !upcomingSrc || upcomingSrc === src || readySrc !== src) return;
    if (preload.getAttribute('src') !== upcomingSrc) {
      preload.src = upcomingSrc;
      preload.load();
    }
  }, [upcomingSrc, readySrc, src]);

  const onCanPlayThrough = () => {
    readySrcRef.current = src;
    setReadySrc(src);
    if (playingRef.current) startPlayback();
  };

  const onLoadedMetadata = () => {
    const audio = audioRef.current;
    if (!audio) return;
    setDuration(finiteOr(audio.duration, 0));
    const pending = pendingSeekRef.current;
    pendingSeekRef.current = null;
    if (pending !== null) audio.currentTime = pending;
  };

  const onError = () => {
    const audio = audioRef.current;
    if (!audio || !src || !audio.hasAttribute('src')) return;
    console.error(`Audio failed to load: ${src}`, audio.error);
    setPlayback(playbackRules.skipFailed);
  };

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const max = finiteOr(audio.duration, Number.POSITIVE_INFINITY);
    const target = Math.max(0, Math.min(seconds, max));
    if (audio.readyState === 0) pendingSeekRef.current = target;
    else audio.currentTime = target;
    setPosition(target);
    savePosition(target);
  }, []);

  const seekBy = useCallback(
    (delta: number) => seek((audioRef.current?.currentTime ?? 0) + delta),
    [seek],
  );

  const update = useCallback((rule: (s: PlaybackState) => PlaybackState) => setPlayback(rule), []);

  const actions = useMemo(
    () => ({
      playQueue: (tracks: PlayerTrack[], startIndex: number) => {
        pendingSeekRef.current = null;
        update((s) => playbackRules.loadQueue(s, tracks, startIndex, { rng }));
      },
      togglePlay: () => update(playbackRules.togglePlay),
      play: () => update((s) => playbackRules.setPlaying(s, true)),
      pause: () => update((s) => playbackRules.setPlaying(s, false)),
      next: () => update(playbackRules.next),
      previous: () => update(playbackRules.previous),
      jumpTo: (index: number) => update((s) => playbackRules.jumpTo(s, index)),
      toggleShuffle: () => update((s) => playbackRules.toggleShuffle(s, rng)),
      toggleRepeat: () => update(playbackRules.toggleRepeat),
      seek,
      seekBy,
      setVolume: (v: number) =>
        setVolumeState((s) => ({
          volume: Math.max(0, Math.min(1, v)),
          muted: v > 0 ? false : s.muted,
        })),
      toggleMute: () => setVolumeState((s) => ({ ...s, muted: !s.muted })),
    }),
    [rng, update, seek, seekBy],
  );

  const value = useMemo<PlayerContextValue>(
    () => ({ playback, track, error, position, duration, volume, muted, ...actions }),
    [playback, track, error, position, duration, volume, muted, actions],
  );

  useKeyboardShortcuts(actions, Boolean(track));
  useMediaSession(track, playback.playing, position, duration, actions);

  return (
    <PlayerContext.Provider value={value}>
      <audio
        ref={audioRef}
        data-testid="player-audio"
        preload="auto"
        hidden
        onCanPlayThrough={onCanPlayThrough}
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={() => setDuration((d) => finiteOr(audioRef.current?.duration ?? d, d))}
        onEnded={() => update(playbackRules.trackEnded)}
        onError={onError}
      />
      <audio ref={preloadRef} preload="auto" muted hidden aria-hidden="true" />
      {children}
    </PlayerContext.Provider>
  );
}
