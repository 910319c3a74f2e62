/** A small deterministic synthesiser: a chord progression as pad, arpeggio, bass and kick. */

export interface Tune {
  /** MIDI note of the key's tonic (60 = middle C). */
  tonic: number;
  mode: 'major' | 'minor';
  /** Scale degrees (0-based) of the chords, one per bar, repeated. */
  progression: readonly number[];
  bpm: number;
  /** Arpeggio voice. */
  lead: 'triangle' | 'sine' | 'square';
  kick: boolean;
  seconds: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;
const TAU = Math.PI * 2;

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** MIDI notes of the triad built on a scale degree. */
function triad(tune: Tune, degree: number): number[] {
  const scale = SCALES[tune.mode];
  return [0, 2, 4].map((step) => {
    const d = degree + step;
    return tune.tonic + scale[d % 7]! + 12 * Math.floor(d / 7);
  });
}

function wave(kind: Tune['lead'], phase: number): number {
  const p = phase % 1;
  if (kind === 'sine') return Math.sin(TAU * p);
  if (kind === 'triangle') return 1 - 4 * Math.abs(p - 0.5);
  // A softened square: the first three odd harmonics.
  return (Math.sin(TAU * p) + Math.sin(3 * TAU * p) / 3 + Math.sin(5 * TAU * p) / 5) * 0.8;
}

/** Renders a tune as mono samples in -1…1, faded in and out, peak-normalised to 0.85. */
export function renderTune(tune: Tune, sampleRate: number): Float32Array {
  const total = Math.round(tune.seconds * sampleRate);
  const out = new Float32Array(total);
  const beat = 60 / tune.bpm;
  const bar = beat * 4;
  const step = beat / 2; // arpeggio in eighth notes
  const chords = tune.progression.map((degree) => triad(tune, degree));
  const arpPattern = [0, 1, 2, 1];

  for (let i = 0; i < total; i++) {
    const t = i / sampleRate;
    const barIndex = Math.floor(t / bar);
    const chord = chords[barIndex % chords.length]!;
    const inBar = t - barIndex * bar;

    // Pad: the triad, swelling in over each bar.
    const swell = Math.min(1, inBar / 0.4) * (0.75 + 0.25 * Math.cos((TAU * inBar) / bar));
    let pad = 0;
    for (const note of chord) pad += Math.sin(TAU * frequency(note) * t) + 0.3 * Math.sin(TAU * 2 * frequency(note) * t);
    let sample = 0.09 * pad * swell;

    // Arpeggio: up and down the triad an octave higher, each note plucked.
    const stepIndex = Math.floor(t / step);
    const arpNote = chord[arpPattern[stepIndex % arpPattern.length]!]! + 12;
    const sinceStep = t - stepIndex * step;
    sample += 0.22 * wave(tune.lead, frequency(arpNote) * t) * Math.exp(-sinceStep * 6);

    // Bass: the chord's root two octaves down, on every beat.
    const sinceBeat = t % beat;
    sample += 0.3 * Math.sin(TAU * frequency(chord[0]! - 24) * t) * Math.exp(-sinceBeat * 2.5);

    // Kick on beats 1 and 3: a falling sine.
    if (tune.kick) {
      const sinceKick = t % (beat * 2);
      if (sinceKick < 0.25) {
        const f = 50 + 90 * Math.exp(-sinceKick * 30);
        sample += 0.5 * Math.sin(TAU * f * sinceKick) * Math.exp(-sinceKick * 14);
      }
    }
    out[i] = sample;
  }

  let peak = 0;
  for (const s of out) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0 ? 0.85 / peak : 0;
  const fade = Math.round(1.5 * sampleRate);
  for (let i = 0; i < total; i++) {
    const edge = Math.min(1, i / fade, (total - 1 - i) / fade);
    out[i] = out[i]! * gain * edge;
  }
  return out;
}
