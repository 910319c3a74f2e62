import type { PlayerTrack } from '../queue';
import { fadeCurve } from './gapless';
import type { DecodedTrack } from './trackDecoder';

/**
 * One decoded track on the audio graph: an AudioBufferSourceNode through its own GainNode
 * (normalisation and fades). A source plays once, so a seek or a resume from a stop makes a new
 * voice; a pause suspends the whole context instead, and every scheduled time holds.
 */
export class BufferVoice {
  private source: AudioBufferSourceNode | null = null;
  private readonly gain: GainNode;
  /** Context time at which `from` plays (or will play, once started). */
  startAt = 0;
  started = false;
  onEnded: (() => void) | null = null;

  constructor(
    private readonly ctx: BaseAudioContext,
    readonly track: PlayerTrack,
    readonly decoded: DecodedTrack,
    output: AudioNode,
    private level: number,
    /** Seconds into the song (after the trimmed encoder delay). */
    readonly from = 0,
  ) {
    this.gain = ctx.createGain();
    this.gain.gain.value = level;
    this.gain.connect(output);
  }

  get length(): number {
    const { start, end } = this.decoded.window;
    return end - start;
  }

  /** Context time at which the song's last sample has played. */
  get endsAt(): number {
    return this.startAt + (this.length - this.from);
  }

  position(): number {
    if (!this.started) return this.from;
    return Math.max(0, Math.min(this.length, this.from + this.ctx.currentTime - this.startAt));
  }

  /** Starts at context time `at`, sample-accurately, fading in over `fade` seconds. */
  start(at: number, fade = 0): void {
    const source = this.ctx.createBufferSource();
    source.buffer = this.decoded.buffer;
    source.connect(this.gain);
    source.onended = () => {
      if (this.source === source) this.onEnded?.();
    };
    const when = Math.max(at, this.ctx.currentTime);
    const { start } = this.decoded.window;
    source.start(when, start + this.from, this.length - this.from);
    if (fade > 0) this.gain.gain.setValueCurveAtTime(fadeCurve('in', this.level), when, fade);
    this.source = source;
    this.startAt = when;
    this.started = true;
  }

  /** Fades out over `seconds` from context time `at` (a crossfade, or a handover). */
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
