import type { PlayerTrack } from '../queue';
import { finiteOr, type AudioOutput, type OutputEvents } from './output';

/**
 * Plays through a media element: where Web Audio is missing, for tracks from other origins
 * (which an audio graph may not read), and as the instant start of the gapless output. The
 * upcoming track is loaded into a second element, so the switch reads from the cache. Joins are
 * not gapless here: a new src means a new load.
 */
export class ElementOutput implements AudioOutput {
  private track: PlayerTrack | null = null;
  private playing = false;
  /** The track reached canplaythrough: play() is called only then. */
  private ready = false;
  /** A position to apply once metadata is known. */
  private pendingSeek: number | null = null;
  private upcoming: PlayerTrack | null = null;
  private readonly detach: () => void;

  constructor(
    private readonly el: HTMLAudioElement,
    private readonly preload: HTMLAudioElement | null,
    private readonly events: OutputEvents,
  ) {
    const on = (type: string, handler: () => void) => {
      el.addEventListener(type, handler);
      return () => el.removeEventListener(type, handler);
    };
    const offs = [
      on('canplaythrough', this.onCanPlayThrough),
      on('loadedmetadata', this.onLoadedMetadata),
      on('durationchange', () => events.changed()),
      on('ended', () => events.ended()),
      on('error', this.onError),
    ];
    this.detach = () => offs.forEach((off) => off());
  }

  get element(): HTMLAudioElement {
    return this.el;
  }

  load(track: PlayerTrack, offset: number, playing: boolean): void {
    this.track = track;
    this.playing = playing;
    if (this.el.getAttribute('src') !== track.src) {
      this.ready = false;
      this.pendingSeek = offset > 0 ? offset : null;
      this.el.src = track.src;
      this.el.load();
      return;
    }
    if (this.pendingSeek === null) this.el.currentTime = offset;
    if (playing && this.ready) this.startPlayback();
    else if (!playing) this.el.pause();
  }

  unload(): void {
    this.track = null;
    this.ready = false;
    this.pendingSeek = null;
    if (this.el.hasAttribute('src')) {
      this.el.pause();
      this.el.removeAttribute('src');
      this.el.load();
    }
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    if (!this.track) return;
    if (!playing) this.el.pause();
    else if (this.ready) this.startPlayback();
  }

  seek(seconds: number): void {
    if (this.el.readyState === 0) this.pendingSeek = seconds;
    else this.el.currentTime = seconds;
  }

  setUpcoming(track: PlayerTrack | null): void {
    this.upcoming = track;
    this.preloadUpcoming();
  }

  setVolume(volume: number, muted: boolean): void {
    for (const el of [this.el, this.preload]) {
      if (!el) continue;
      el.volume = volume;
      // The preloading element never sounds.
      el.muted = el === this.preload ? true : muted;
    }
  }

  setSettings(): void {
    // Crossfade and normalisation need the audio graph.
  }

  position(): number {
    return this.pendingSeek ?? finiteOr(this.el.currentTime, 0);
  }

  duration(): number {
    return this.track ? finiteOr(this.el.duration, 0) : 0;
  }

  dispose(): void {
    this.detach();
    if (!this.el.paused) this.el.pause();
  }

  private preloadUpcoming(): void {
    const src = this.upcoming?.src;
    const preload = this.preload;
    if (!preload || !src || src === this.track?.src || !this.ready) return;
    if (preload.getAttribute('src') !== src) {
      preload.src = src;
      preload.load();
    }
  }

  private startPlayback(): void {
    Promise.resolve(this.el.play()).catch((err: unknown) => {
      const name = err instanceof Error ? err.name : '';
      if (name === 'AbortError') return; // superseded by a newer load or a pause
      this.events.failed(name === 'NotAllowedError' ? 'blocked' : 'play', err);
    });
  }

  private readonly onCanPlayThrough = () => {
    if (!this.track) return;
    this.ready = true;
    if (this.playing) this.startPlayback();
    this.preloadUpcoming();
  };

  private readonly onLoadedMetadata = () => {
    const pending = this.pendingSeek;
    this.pendingSeek = null;
    if (pending !== null) this.el.currentTime = pending;
    this.events.changed();
  };

  private readonly onError = () => {
    if (!this.track || !this.el.hasAttribute('src')) return;
    this.events.failed('load', this.el.error);
  };
}
