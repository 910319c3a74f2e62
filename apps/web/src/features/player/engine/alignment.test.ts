import { describe, expect, it } from 'vitest';
import { locate, mixdown } from './alignment';

const RATE = 44100;
/** A few seconds of something music-like: two detuned tones and a decaying click every 0.3 s. */
function signal(seconds: number): Float32Array {
  const out = new Float32Array(seconds * RATE);
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    out[i] =
      0.4 * Math.sin(2 * Math.PI * 220 * t) +
      0.3 * Math.sin(2 * Math.PI * 331.7 * t) +
      0.2 * Math.exp(-((t % 0.3) * 40));
  }
  return out;
}

describe('lining a recording up with its decoded copy', () => {
  const song = signal(3);

  it('finds the exact frame, whatever the guess within the radius', () => {
    const at = 54_321;
    const needle = song.slice(at, at + 1024);
    for (const guess of [at, at - 3000, at + 4410]) {
      const found = locate(needle, song, guess, 8820);
      expect(found).toEqual({ index: at, score: expect.closeTo(1, 6) });
    }
  });

  it('still finds it when the recording is quieter and slightly noisy', () => {
    const at = 100_000;
    const needle = song.slice(at, at + 1024).map((x, i) => 0.5 * x + 0.001 * Math.sin(i * 7.1));
    expect(locate(needle, song, at + 500, 4410)?.index).toBe(at);
  });

  it('of equal matches in a pure tone, takes the nearest to the guess', () => {
    const period = 100; // 441 Hz
    const tone = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * i) / period));
    const needle = tone.slice(10_000, 11_024);
    const found = locate(needle, tone, 10_230, 1000)!;
    expect(found.index).toBe(10_200);
    expect(found.score).toBeCloseTo(1, 6);
  });

  it('gives up on silence and on a needle outside the buffer', () => {
    expect(locate(new Float32Array(1024), song, 5000, 100)).toBeNull();
    expect(locate(song.slice(0, 1024), song, song.length + 10_000, 100)).toBeNull();
  });

  it('mixes channels down, zero past the ends', () => {
    const left = Float32Array.of(1, 1, 1);
    const right = Float32Array.of(0, 1, 3);
    const buffer = { numberOfChannels: 2, length: 3, getChannelData: (c: number) => (c ? right : left) };
    expect(Array.from(mixdown(buffer, -1, 5))).toEqual([0, 0.5, 1, 2, 0]);
  });
});
