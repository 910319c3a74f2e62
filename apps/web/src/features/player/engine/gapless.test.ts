import { describe, expect, it } from 'vitest';
import { fadeCurve, playWindow, replayGainFactor } from './gapless';

const RATE = 44100;
const header = { sampleRate: RATE, samplesPerFrame: 1152, mpeg1: true, mono: true };
/** 100 frames; LAME says 576 samples of delay and 1,000 of padding. */
const lame = { ...header, frames: 100, encoderDelay: 576, encoderPadding: 1000 };
const SONG = 100 * 1152 - 576 - 1000;

describe('the play window of a decoded track', () => {
  it('is the whole buffer when nothing is known', () => {
    expect(playWindow({ length: RATE * 2, sampleRate: RATE }, {})).toEqual({ start: 0, end: 2 });
  });

  it('trims the encoder delay plus the decoder delay, and the padding left after it', () => {
    const w = playWindow({ length: 100 * 1152, sampleRate: RATE }, {}, lame);
    expect(w.start * RATE).toBeCloseTo(576 + 529, 6);
    expect((w.end - w.start) * RATE).toBeCloseTo(SONG, 6);
  });

  it('keeps the whole buffer when the browser trimmed it already', () => {
    expect(playWindow({ length: SONG, sampleRate: RATE }, {}, lame)).toEqual({
      start: 0,
      end: SONG / RATE,
    });
  });

  it('works in the file’s samples when the buffer was resampled to the context rate', () => {
    const w = playWindow({ length: (100 * 1152 * 48000) / RATE, sampleRate: 48000 }, {}, lame);
    expect(w.start * RATE).toBeCloseTo(1105, 3);
    expect((w.end - w.start) * RATE).toBeCloseTo(SONG, 3);
  });

  it('trims the values stored on the song when the file has no Info frame', () => {
    const w = playWindow(
      { length: RATE * 2, sampleRate: RATE },
      { encoderDelay: 2112, encoderPadding: 888, sampleRate: RATE },
    );
    expect(w.start * RATE).toBeCloseTo(2112, 6);
    expect(w.end * RATE).toBeCloseTo(RATE * 2 - 888, 6);
  });

  it('ignores values that would leave nothing to play', () => {
    expect(
      playWindow(
        { length: 100, sampleRate: RATE },
        { encoderDelay: 90, encoderPadding: 90, sampleRate: RATE },
      ),
    ).toEqual({
      start: 0,
      end: 100 / RATE,
    });
  });
});

describe('ReplayGain', () => {
  it('turns the track gain into a factor', () => {
    expect(replayGainFactor({ replayGainTrackGain: -6 }, true)).toBeCloseTo(0.501, 3);
    expect(replayGainFactor({ replayGainTrackGain: 0 }, true)).toBe(1);
  });

  it('holds a boost below clipping by the peak', () => {
    expect(
      replayGainFactor({ replayGainTrackGain: 6, replayGainTrackPeak: 0.9 }, true),
    ).toBeCloseTo(1 / 0.9, 6);
  });

  it('is 1 when off or absent', () => {
    expect(replayGainFactor({ replayGainTrackGain: -6 }, false)).toBe(1);
    expect(replayGainFactor({}, true)).toBe(1);
    expect(replayGainFactor({ replayGainTrackGain: Number.NaN }, true)).toBe(1);
  });
});

describe('crossfade curves', () => {
  it('hold the power steady: in² + out² is the level² throughout', () => {
    const fadeIn = fadeCurve('in', 0.5);
    const fadeOut = fadeCurve('out', 0.5);
    expect(fadeIn[0]).toBe(0);
    expect(fadeIn[fadeIn.length - 1]).toBeCloseTo(0.5, 6);
    expect(fadeOut[0]).toBeCloseTo(0.5, 6);
    fadeIn.forEach((v, i) => expect(v * v + fadeOut[i]! * fadeOut[i]!).toBeCloseTo(0.25, 6));
  });

  it('for a handover of the same audio, are linear: in + out is the level throughout', () => {
    const fadeIn = fadeCurve('in', 0.8, 'linear');
    const fadeOut = fadeCurve('out', 0.8, 'linear');
    fadeIn.forEach((v, i) => expect(v + fadeOut[i]!).toBeCloseTo(0.8, 6));
  });
});
