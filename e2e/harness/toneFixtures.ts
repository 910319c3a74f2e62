import { id3v2Tag } from '../../apps/api/src/media/demo/id3.js';
import { encodeMp3WithInfo, type CutContext } from '../../apps/api/src/media/demo/mp3.js';

/** The gapless test's sources: pure tones, so any gap or step at a join stands out. */
export const TONE_RATE = 44100;
export const TONE_KBPS = 128;
export const TONE_AMPLITUDE = 0.5;
/** Where the continuous tone is cut in two: no frame boundary (1152) and no zero crossing. */
export const CUT_SAMPLE = 133_337;

export interface ToneFile {
  title: string;
  /** The file's bytes: ID3v2 tag, LAME Info frame, audio frames. */
  mp3: Buffer;
  /** Samples of audio, without the encoder's delay and padding. */
  samples: number;
  encoderDelay: number;
  encoderPadding: number;
  frames: number;
}

/** A sine of `hz` at TONE_AMPLITUDE, samples [from, to) of one continuous wave starting at phase 0. */
export function sine(hz: number, from: number, to: number, rate = TONE_RATE): Float32Array {
  const out = new Float32Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = TONE_AMPLITUDE * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Tags what the upload reads: title and artist, and a ReplayGain track gain and peak when given. */
function toneFile(
  title: string,
  samples: Float32Array,
  { replayGain, context }: { replayGain?: { gain: string; peak: string }; context?: CutContext } = {},
): ToneFile {
  const encoded = encodeMp3WithInfo(samples, TONE_RATE, TONE_KBPS, context);
  const tag = id3v2Tag({
    title,
    artist: 'Gapless Test Tones',
    ...(replayGain ? { userText: { REPLAYGAIN_TRACK_GAIN: replayGain.gain, REPLAYGAIN_TRACK_PEAK: replayGain.peak } } : {}),
  });
  return {
    title,
    mp3: Buffer.concat([tag, encoded.data]),
    samples: samples.length,
    encoderDelay: encoded.encoderDelay,
    encoderPadding: encoded.encoderPadding,
    frames: encoded.frames,
  };
}

/** Samples of the other half the encoder hears across the cut (see CutContext). */
const CUT_CONTEXT = 2304;

/**
 * One continuous 440 Hz tone of `seconds`, cut at CUT_SAMPLE into two files, each encoded with
 * the samples across the cut as context: the first file's padding and the second file's delay
 * hold them, so trimming exactly what the headers say rebuilds the tone.
 */
export function continuousPair(seconds = 6): [ToneFile, ToneFile] {
  const total = Math.round(seconds * TONE_RATE);
  return [
    toneFile('Continuous Tone, Part 1', sine(440, 0, CUT_SAMPLE), { context: { after: sine(440, CUT_SAMPLE, CUT_SAMPLE + CUT_CONTEXT) } }),
    toneFile('Continuous Tone, Part 2', sine(440, CUT_SAMPLE, total), { context: { before: sine(440, CUT_SAMPLE - CUT_CONTEXT, CUT_SAMPLE) } }),
  ];
}

/**
 * Two tones of different pitch for the crossfade: 440 Hz, then 660 Hz. The engine fades over at
 * most half the next track, so the first lasts over twice the crossfade the test sets (3 s); the
 * second is longer, for a steady stretch before it fades into whatever the list plays next.
 */
export function crossfadePair(lowSeconds = 6.5, highSeconds = 8): [ToneFile, ToneFile] {
  return [
    toneFile('Crossfade Low 440', sine(440, 0, Math.round(lowSeconds * TONE_RATE))),
    toneFile('Crossfade High 660', sine(660, 0, Math.round(highSeconds * TONE_RATE))),
  ];
}

/**
 * The same 440 Hz tone twice: once tagged with a ReplayGain track gain of -6 dB, once untagged,
 * so normalisation shows as a level difference of 6 dB between them.
 */
export function replayGainPair(seconds = 2.5): { tagged: ToneFile; plain: ToneFile } {
  const total = Math.round(seconds * TONE_RATE);
  return {
    tagged: toneFile('ReplayGain Minus Six', sine(440, 0, total), { replayGain: { gain: '-6.00 dB', peak: '0.500000' } }),
    plain: toneFile('ReplayGain Untagged', sine(440, 0, total)),
  };
}
