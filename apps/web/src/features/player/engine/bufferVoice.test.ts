import { describe, expect, it } from 'vitest';
import type { PlayerTrack } from '../queue';
import { BufferVoice } from './bufferVoice';
import type { DecodedTrack } from './trackDecoder';

const RATE = 44_100;

/**
 * The parts of the audio graph a voice uses, rendered the way Chromium places automation: an
 * event at time t applies from frame ceil(t × rate), and a source started at `when` plays its
 * first sample on that frame too.
 */
function fakeContext(currentTime: number) {
  type Curve = { from: number; frames: number; values: Float32Array };
  const gains: { value: number; curve: Curve | null }[] = [];
  const starts: number[] = [];
  const frameOf = (t: number) => Math.ceil(t * RATE);
  const ctx = {
    currentTime,
    createGain() {
      const param = { value: 1, curve: null as Curve | null };
      gains.push(param);
      const gain = Object.assign(param, {
        setValueCurveAtTime(values: Float32Array, at: number, duration: number) {
          param.curve = { from: frameOf(at), frames: duration * RATE, values };
        },
      });
      return { gain, connect() {}, disconnect() {} };
    },
    createBufferSource() {
      return {
        buffer: null,
        onended: null,
        connect() {},
        disconnect() {},
        start(when: number) {
          starts.push(frameOf(when));
        },
        stop() {},
      };
    },
  };
  /** The voice's gain on `frame`. */
  const gainAt = (frame: number) => {
    const { curve, value } = gains[0]!;
    if (!curve || frame < curve.from) return value;
    const at = Math.min(1, (frame - curve.from) / curve.frames) * (curve.values.length - 1);
    return curve.values[Math.floor(at)]!;
  };
  return { ctx: ctx as unknown as BaseAudioContext, starts, gainAt };
}

const decoded = {
  buffer: { sampleRate: RATE, length: RATE * 10, numberOfChannels: 1 } as AudioBuffer,
  window: { start: 0, end: 10 },
} as DecodedTrack;
const track = { id: 'a' } as unknown as PlayerTrack;

describe('a voice that fades in', () => {
  // As doubles, frame 116,183 at 44.1 kHz lies a hair past its frame (its curve begins a frame
  // late) and 117,207 a hair before it.
  it.each([116_183, 117_207, 112_087])('is silent on its first sample (frame %i)', (frame) => {
    const { ctx, starts, gainAt } = fakeContext(0);
    const voice = new BufferVoice(ctx, track, decoded, {} as AudioNode, 1);
    voice.start(frame / RATE, 0.04, 'linear');
    expect(starts).toEqual([frame]);
    expect(gainAt(frame)).toBe(0);
    expect(gainAt(frame + 2000)).toBe(1);
  });

  it('plays at its level from the first sample when it does not fade', () => {
    const { ctx, starts, gainAt } = fakeContext(0);
    const voice = new BufferVoice(ctx, track, decoded, {} as AudioNode, 0.5);
    voice.start(116_183 / RATE);
    expect(gainAt(starts[0]!)).toBe(0.5);
  });
});
