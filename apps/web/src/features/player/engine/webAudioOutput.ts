import type { PlayerTrack } from '../queue';
import { BufferVoice, firstFrameOf } from './bufferVoice';
import { ElementOutput } from './elementOutput';
import { ElementTap } from './elementTap';
import { fadeCurve, replayGainFactor } from './gapless';
import { alignElement } from './handover';
import type { AudioOutput, OutputElements, OutputEvents } from './output';
import { DEFAULT_SETTINGS, type PlaybackSettings } from './settings';
import { TrackDecoder } from './trackDecoder';

/** How far ahead a handover from the element to the decoded track is scheduled, and its fade. */
const HANDOVER_LEAD = 0.15;
const HANDOVER_FADE = 0.04;
/** A join scheduled closer than this to now is too late to be sample-accurate. */
const SCHEDULE_MARGIN = 0.03;
const TICK_MS = 50;

/**
 * CD rate, the rate of most music: decodeAudioData resamples every file to the context's rate,
 * each file on its own, and resampling two halves separately blurs their join. At 44.1 kHz most
 * files are not resampled at all, and the browser converts the one continuous output to the
 * device's rate instead.
 */
const CONTEXT_SAMPLE_RATE = 44_100;

function createContext(): AudioContext {
  try {
    return new AudioContext({ latencyHint: 'playback', sampleRate: CONTEXT_SAMPLE_RATE });
  } catch {
    return new AudioContext({ latencyHint: 'playback' }); // a browser without a choice of rate
  }
}

/**
 * A media element can feed one MediaElementAudioSourceNode, ever: the context and that node are
 * kept per element, so an output made again for the same element (React's StrictMode mounts
 * twice) reuses them.
 */
const elementGraphs = new WeakMap<
  HTMLMediaElement,
  { ctx: AudioContext; source: MediaElementAudioSourceNode; tap: Promise<ElementTap | null> }
>();

function elementGraph(element: HTMLMediaElement) {
  let graph = elementGraphs.get(element);
  if (!graph) {
    const ctx = createContext();
    graph = { ctx, source: ctx.createMediaElementSource(element), tap: ElementTap.create(ctx) };
    elementGraphs.set(element, graph);
  }
  return graph;
}

const sameOrigin = (src: string) => {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};

/**
 * The gapless output (docs/player.md). One AudioContext:
 *
 *   main <audio> ─ MediaElementSource ─ elementGain ─┐
 *   BufferVoice (current) ─ gain ────────────────────┼─ master (volume) ─ destination
 *   BufferVoice (next, scheduled) ─ gain ────────────┘
 *
 * A track starts at once on the element while it is fetched and decoded, then hands over to its
 * decoded buffer at a scheduled time. Each next track is decoded ahead and started with
 * AudioBufferSourceNode.start(t) at the exact context time the current one's last sample plays
 * (minus the crossfade), with the encoder's delay and padding trimmed. Tracks from another origin
 * cannot be read by the graph: they play on the second element, without gapless joins.
 */
export class WebAudioOutput implements AudioOutput {
  private readonly ctx: AudioContext;
  private readonly source: MediaElementAudioSourceNode;
  private readonly tap: Promise<ElementTap | null>;
  private readonly master: GainNode;
  private readonly elementGain: GainNode;
  private readonly decoder: TrackDecoder;
  private readonly element: ElementOutput;
  private readonly direct: ElementOutput;
  private mode: 'element' | 'buffer' | 'direct' | 'none' = 'none';
  private track: PlayerTrack | null = null;
  private voice: BufferVoice | null = null;
  private next: BufferVoice | null = null;
  /** Tracks that ended their turn but are still fading out under the next one. */
  private fading: BufferVoice[] = [];
  private upcoming: PlayerTrack | null = null;
  private playing = false;
  private settings: PlaybackSettings = DEFAULT_SETTINGS;
  private timer: number | undefined;
  private handoverTimer: number | undefined;
  /** Moves on every load, seek and play or pause: a handover that waited on a recording checks it. */
  private generation = 0;

  constructor(
    elements: OutputElements,
    private readonly events: OutputEvents,
  ) {
    const { ctx, source, tap } = elementGraph(elements.main);
    this.ctx = ctx;
    this.source = source;
    this.tap = tap.then((t) => {
      t?.listenTo(source);
      return t;
    });
    this.master = this.ctx.createGain();
    this.master.connect(this.ctx.destination);
    this.elementGain = this.ctx.createGain();
    this.elementGain.connect(this.master);
    source.connect(this.elementGain);
    this.decoder = new TrackDecoder(this.ctx);
    const elementEvents: OutputEvents = {
      ...events,
      ended: () => this.mode === 'element' && events.ended(),
      failed: (kind, err) => this.mode === 'element' && events.failed(kind, err),
      changed: () => this.mode === 'element' && events.changed(),
    };
    this.element = new ElementOutput(elements.main, null, elementEvents);
    this.direct = new ElementOutput(elements.second, null, {
      ...events,
      ended: () => this.mode === 'direct' && events.ended(),
      failed: (kind, err) => this.mode === 'direct' && events.failed(kind, err),
    });
  }

  load(track: PlayerTrack, offset: number, playing: boolean): void {
    this.generation++;
    this.stopVoices();
    this.track = track;
    this.playing = playing;
    if (!sameOrigin(track.src)) {
      this.element.unload();
      this.mode = 'direct';
      this.direct.load(track, offset, playing);
      return;
    }
    this.direct.unload();
    const decoded = this.decoder.peek(track);
    if (decoded) {
      this.element.unload();
      this.startVoice(
        new BufferVoice(this.ctx, track, decoded, this.master, this.level(track), offset),
      );
      // After the engine has taken the load in: the length is known at once.
      queueMicrotask(() => this.events.changed());
    } else {
      this.mode = 'element';
      this.elementGain.gain.cancelScheduledValues(0);
      this.elementGain.gain.value = this.level(track);
      if (playing) void this.ctx.resume();
      this.element.load(track, offset, playing);
      void this.decoder.get(track).then(() => this.handOver(track));
    }
    this.decoder.keepOnly([track, this.upcoming]);
    this.tick();
  }

  unload(): void {
    this.generation++;
    this.stopVoices();
    this.element.unload();
    this.direct.unload();
    this.track = null;
    this.mode = 'none';
    this.decoder.keepOnly([]);
  }

  setPlaying(playing: boolean): void {
    this.generation++;
    this.playing = playing;
    if (this.mode === 'direct') return this.direct.setPlaying(playing);
    if (playing) {
      void this.ctx.resume();
      if (this.mode === 'element') this.element.setPlaying(true);
      else if (this.voice && !this.voice.started) this.voice.start(this.ctx.currentTime);
      this.scheduleNext();
    } else {
      if (this.mode === 'element') this.element.setPlaying(false);
      // Suspending freezes the context clock: every scheduled join still holds on resume.
      void this.ctx.suspend();
    }
    this.tick();
  }

  seek(seconds: number): void {
    this.generation++;
    if (this.mode === 'direct') return this.direct.seek(seconds);
    if (this.mode === 'element') return this.element.seek(seconds);
    const voice = this.voice;
    if (!voice || !this.track) return;
    const from = Math.max(0, Math.min(seconds, voice.length));
    this.startVoice(
      new BufferVoice(
        this.ctx,
        this.track,
        voice.decoded,
        this.master,
        this.level(this.track),
        from,
      ),
    );
    this.events.changed();
  }

  setUpcoming(track: PlayerTrack | null): void {
    if (track !== this.upcoming) {
      this.upcoming = track;
      this.cancelNext();
    }
    this.decoder.keepOnly([this.track, track]);
    if (!track || !sameOrigin(track.src)) return;
    void this.decoder.get(track).then(() => this.scheduleNext());
    this.scheduleNext();
  }

  setVolume(volume: number, muted: boolean): void {
    const target = muted ? 0 : volume;
    this.master.gain.setTargetAtTime(target, this.ctx.currentTime, 0.015);
    this.direct.setVolume(volume, muted);
  }

  setSettings(settings: PlaybackSettings): void {
    const crossfadeChanged = settings.crossfade !== this.settings.crossfade;
    this.settings = settings;
    if (this.track && this.voice) this.voice.setLevel(this.level(this.track));
    if (this.mode === 'element' && this.track) {
      this.elementGain.gain.setTargetAtTime(this.level(this.track), this.ctx.currentTime, 0.05);
    }
    if (crossfadeChanged) {
      this.cancelNext();
      this.scheduleNext();
    }
  }

  position(): number {
    if (this.mode === 'direct') return this.direct.position();
    if (this.mode === 'element') return this.element.position();
    return this.voice?.position() ?? 0;
  }

  duration(): number {
    if (this.mode === 'direct') return this.direct.duration();
    if (this.mode === 'element') return this.element.duration();
    return this.voice?.length ?? 0;
  }

  dispose(): void {
    this.unload();
    this.element.dispose();
    this.direct.dispose();
    window.clearInterval(this.timer);
    this.source.disconnect();
    this.master.disconnect();
    void this.ctx.suspend();
  }

  private level(track: PlayerTrack): number {
    return replayGainFactor(track, this.settings.normalize);
  }

  /** Makes `voice` current, started now when playing; any scheduled next is dropped. */
  private startVoice(voice: BufferVoice): void {
    this.stopVoices();
    this.mode = 'buffer';
    this.voice = voice;
    voice.onEnded = () => this.tick();
    if (this.playing) {
      void this.ctx.resume();
      voice.start(this.ctx.currentTime);
    }
    this.scheduleNext();
  }

  /**
   * The current track, started on the element, is decoded: the buffer takes over a moment
   * ahead, from the frame the element will then play, with a short crossfade of the same audio.
   * That frame is found by lining a recording of the element's output up with the buffer
   * (handover.ts); failing that, the element's clock tells it, which can be off by a fraction of
   * a millisecond (a dip in the crossfade). From here on, joins are sample-accurate.
   */
  private async handOver(track: PlayerTrack): Promise<void> {
    const decoded = this.decoder.peek(track);
    if (this.mode !== 'element' || this.track !== track || !decoded) return;
    const el = this.element.element;
    const level = this.level(track);
    if (!(this.playing && !el.paused && this.ctx.state === 'running')) {
      // Read before the unload, which resets the element to 0: a restored queue waits paused at
      // its saved position.
      const from = this.element.position();
      this.element.unload();
      this.startVoice(new BufferVoice(this.ctx, track, decoded, this.master, level, from));
      this.events.changed();
      return;
    }
    const generation = this.generation;
    const tap = await this.tap;
    const aligned = tap && (await alignElement(tap, this.ctx, decoded, () => this.element.position()));
    // A load, seek, play or pause came meanwhile: start over from what holds now.
    if (generation !== this.generation) return this.handOver(track);
    if (this.mode !== 'element' || this.track !== track) return;
    const rate = decoded.buffer.sampleRate;
    const atFrame = Math.ceil((this.ctx.currentTime + HANDOVER_LEAD) * rate);
    const from = aligned
      ? (aligned.bufferFrame + atFrame - aligned.contextFrame - firstFrameOf(decoded)) / rate
      : this.element.position() + HANDOVER_LEAD;
    console.debug(`Handover to the decoded track, placed by ${aligned ? 'recording' : 'clock'}`);
    const voice = new BufferVoice(this.ctx, track, decoded, this.master, level, from);
    voice.onEnded = () => this.tick();
    this.mode = 'buffer';
    this.voice = voice;
    voice.start(atFrame / rate, HANDOVER_FADE, 'linear');
    this.elementGain.gain.setValueCurveAtTime(
      fadeCurve('out', level, 'linear'),
      voice.startAt,
      HANDOVER_FADE,
    );
    this.handoverTimer = window.setTimeout(
      () => this.element.unload(),
      (HANDOVER_LEAD + HANDOVER_FADE) * 1000 + 50,
    );
    this.scheduleNext();
    // The length is now the decoded one, known even if the element never read its metadata.
    this.events.changed();
  }

  /** Starts the decoded upcoming track where the current one ends (minus the crossfade). */
  private scheduleNext(): void {
    const voice = this.voice;
    const upcoming = this.upcoming;
    if (this.mode !== 'buffer' || !voice?.started || this.next || !upcoming || !this.playing)
      return;
    const decoded = this.decoder.peek(upcoming);
    if (!decoded) return;
    const next = new BufferVoice(this.ctx, upcoming, decoded, this.master, this.level(upcoming));
    const fade = Math.min(this.settings.crossfade, voice.length - voice.from, next.length / 2);
    const at = voice.endsAt - fade;
    if (at < this.ctx.currentTime + SCHEDULE_MARGIN) return;
    next.start(at, fade);
    if (fade > 0) voice.fadeOut(at, fade);
    next.onEnded = () => this.tick();
    this.next = next;
  }

  private cancelNext(): void {
    const next = this.next;
    // One already sounding is committed by the next tick instead.
    if (!next || next.startAt <= this.ctx.currentTime) return;
    this.next = null;
    next.stop();
    // Undo the current track's fade-out towards the cancelled one.
    if (this.voice && this.track) this.voice.setLevel(this.level(this.track));
  }

  private stopVoices(): void {
    window.clearTimeout(this.handoverTimer);
    for (const voice of [this.voice, this.next, ...this.fading]) voice?.stop();
    this.voice = null;
    this.next = null;
    this.fading = [];
  }

  /** Follows the context clock: commits a join once it sounds, and ends a track nothing follows. */
  private tick = (): void => {
    const now = this.ctx.currentTime;
    if (this.mode === 'buffer' && this.next && now >= this.next.startAt) {
      if (this.voice) this.fading.push(this.voice);
      this.voice = this.next;
      this.next = null;
      this.track = this.voice.track;
      this.events.advanced(this.voice.track);
    } else if (
      this.mode === 'buffer' &&
      this.voice?.started &&
      !this.next &&
      now >= this.voice.endsAt
    ) {
      this.voice.stop();
      this.voice = null;
      this.mode = 'none';
      this.events.ended();
    }
    this.fading = this.fading.filter((voice) => {
      if (now < voice.endsAt + 0.1) return true;
      voice.stop();
      return false;
    });
    const busy = this.playing && this.mode === 'buffer';
    if (busy && this.timer === undefined) this.timer = window.setInterval(this.tick, TICK_MS);
    if (!busy && this.timer !== undefined) {
      window.clearInterval(this.timer);
      this.timer = undefined;
    }
  };
}
