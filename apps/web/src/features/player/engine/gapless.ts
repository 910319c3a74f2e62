import { MP3_DECODER_DELAY, type PlayerTrack, type XingInfo } from '@samaa/shared';

/** The stretch of a decoded buffer that is the song itself, in seconds of the buffer. */
export interface PlayWindow {
  start: number;
  end: number;
}

/** Less than this many samples of difference is one and the same length. */
const SAME_LENGTH_SAMPLES = 48;

/**
 * What to play of a decoded track: the encoder's delay and padding trimmed, unless the browser's
 * decoder trimmed them already. Chromium's decodeAudioData, for one, honours the LAME header
 * itself, while other decoders hand back every decoded sample; the frame count of the Xing/Info
 * header tells which case this is (docs/player.md). Without a frame count the stored values are
 * trimmed as given.
 */
export function playWindow(
  buffer: { length: number; sampleRate: number },
  track: Pick<PlayerTrack, 'encoderDelay' | 'encoderPadding' | 'sampleRate'>,
  header?: XingInfo,
): PlayWindow {
  const whole = { start: 0, end: buffer.length / buffer.sampleRate };
  const delay = header?.encoderDelay ?? track.encoderDelay;
  const padding = header?.encoderPadding ?? track.encoderPadding;
  const fileRate = header?.sampleRate ?? track.sampleRate;
  if (delay === undefined || padding === undefined || !fileRate) return whole;
  // The decoded length in the file's samples (decodeAudioData resamples to the context's rate).
  const decoded = (buffer.length * fileRate) / buffer.sampleRate;

  let lead: number;
  let kept: number;
  if (header?.frames) {
    kept = header.frames * header.samplesPerFrame - delay - padding;
    const extra = decoded - kept;
    if (kept <= 0 || extra <= SAME_LENGTH_SAMPLES) return whole;
    // What is left of the padding after the decoder's own delay sits at the end; the rest leads.
    lead = Math.max(0, extra - Math.max(0, padding - MP3_DECODER_DELAY));
  } else {
    lead = delay;
    kept = decoded - delay - padding;
    if (kept <= 0) return whole;
  }
  const start = lead / fileRate;
  return { start, end: Math.min(whole.end, start + kept / fileRate) };
}

/** ReplayGain track gain as a linear factor, held below clipping by the track peak. */
export function replayGainFactor(
  track: Pick<PlayerTrack, 'replayGainTrackGain' | 'replayGainTrackPeak'>,
  enabled: boolean,
): number {
  const gain = track.replayGainTrackGain;
  if (!enabled || typeof gain !== 'number' || !Number.isFinite(gain)) return 1;
  const factor = 10 ** (gain / 20);
  const peak = track.replayGainTrackPeak;
  return typeof peak === 'number' && peak > 0 ? Math.min(factor, 1 / peak) : factor;
}

/**
 * Equal-power curves (sin/cos) keep the loudness of two different songs steady through a
 * crossfade; linear ones keep the level of two copies of the same audio (a handover).
 */
export type FadeShape = 'equal-power' | 'linear';

export function fadeCurve(
  direction: 'in' | 'out',
  level: number,
  shape: FadeShape = 'equal-power',
  points = 64,
): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const x = i / (points - 1);
    const rising = shape === 'linear' ? x : Math.sin((x * Math.PI) / 2);
    const falling = shape === 'linear' ? 1 - x : Math.cos((x * Math.PI) / 2);
    curve[i] = level * (direction === 'in' ? rising : falling);
  }
  return curve;
}
