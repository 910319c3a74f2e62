import type { PlayerTrack } from '../queue';
import { fadeCurve, type FadeShape } from './gapless';
import type { DecodedTrack } from './trackDecoder';

/** Far less than a frame (23 µs at 44.1 kHz). */
const GRID_EPSILON = 1e-9;

/** The frame of the buffer where the song itself begins (after the trimmed encoder delay). */
export function firstFrameOf(decoded: DecodedTrack): number {
  return Math.round(decoded.window.start * decoded.buffer.sampleRate);
}

/**
 * One decoded track on the audio graph: an AudioBufferSourceNode through its own GainNode
 * (normalisation and fades). A source plays once, so a seek or a resume from a stop makes a new
 * voice; a pause suspends the whole context instead, and every scheduled time holds.
 */
export class BufferVoice {
  private source: AudioBufferSourceNode | null = null;
  private readonly gain: GainNode;
  private readonly rate: number;
  /** The song's first frame in the buffer, and its length in frames. */
  private readonly firstFrame: number;
  private readonly frames: number;
  /** Frames of the song skipped (a seek or a handover). */
  private readonly fromFrame: number;
  /** Context frame at which `from` plays (or will play, once started). */
  private startFrame = 0;
  started = false;
  onEnded: (() => void) | null = null;

  constructor(
    private readonly ctx: BaseAudioContext,
    readonly track: PlayerTrack,
    readonly decoded: DecodedTrack,
    output: AudioNode,
    private level: number,
    /** Seconds into the song (after the trimmed encoder delay). */
    from = 0,
  ) {
    // Every time is kept on the sample grid (the buffer has the context's rate): a join
    // scheduled between two frames would start a frame late and leave one silent sample.
    this.rate = decoded.buffer.sampleRate;
    this.firstFrame = firstFrameOf(decoded);
    this.frames = Math.round(decoded.window.end * this.rate) - this.firstFrame;
    this.fromFrame = Math.max(0, Math.min(this.frames, Math.round(from * this.rate)));
    this.gain = ctx.createGain();
    this.gain.gain.value = level;
    this.gain.connect(output);
  }

  /** Seconds into the song this voice starts at. */
  get from(): number {
    return this.fromFrame / this.rate;
  }

  get length(): number {
    return this.frames / this.rate;
  }

  /** Context time at which `from` plays. */
  get startAt(): number {
    return this.startFrame / this.rate;
  }

  /** Context time at which the song's last sample has played: where the next one starts. */
  get endsAt(): number {
    return (this.startFrame + this.frames - this.fromFrame) / this.rate;
  }

  position(): number {
    if (!this.started) return this.from;
    return Math.max(0, Math.min(this.length, this.from + this.ctx.currentTime - this.startAt));
  }

  /**
   * Starts at context time `at` (on the sample grid), fading in over `fade` seconds: with
   * equal-power curves for a crossfade between two songs, or linear ones for a handover between
   * two copies of the same audio (which add in amplitude, not in power).
   */
  start(at: number, fade = 0, curve: FadeShape = 'equal-power'): void {
    const source = this.ctx.createBufferSource();
    source.buffer = this.decoded.buffer;
    source.connect(this.gain);
    source.onended = () => {
      if (this.source === source) this.onEnded?.();
    };
    this.startFrame = Math.max(
      Math.round(at * this.rate),
      Math.ceil(this.ctx.currentTime * this.rate),
    );
    // A hair early, so that a start time rounded up to a frame never lands one frame late.
    const when = this.startAt - GRID_EPSILON;
    const offset = (this.firstFrame + this.fromFrame) / this.rate;
    if (fade > 0) {
      // Silent until the curve: a start time on a frame can be a hair past it as a double, and
      // the curve then begins one frame after the source's first sample, which would otherwise
      // play at full level over the voice it fades against (a one-sample click).
      this.gain.gain.value = 0;
      this.gain.gain.setValueCurveAtTime(fadeCurve('in', this.level, curve), this.startAt, fade);
    }
    source.start(Math.max(0, when), offset, (this.frames - this.fromFrame) / this.rate);
    this.source = source;
    this.started = true;
  }

  /** Fades out over `seconds` from context time `at`, under the next track's fade-in (a crossfade). */
  fadeOut(at: number, seconds: number): void {
    this.gain.gain.cancelScheduledValues(at);
    this.gain.gain.setValueCurveAtTime(fadeCurve('out', this.level), at, seconds);
  }

  /** A new normalisation level, eased in over 50 ms so it does not click. */
  setLevel(level: number): void {
    this.level = level;
    this.gain.gain.cancelScheduledValues(this.ctx.currentTime);
    this.gain.gain.setTargetAtTime(level, this.ctx.currentTime, 0.05);
  }

  stop(): void {
    const source = this.source;
    this.source = null;
    if (source) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        /* never started */
      }
      source.disconnect();
    }
    this.gain.disconnect();
  }
}
