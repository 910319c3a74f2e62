import type { Page } from 'playwright-core';

/**
 * A tap on what a page plays through Web Audio: every node connected to an AudioDestinationNode
 * is also connected to a recorder on the same AudioContext, which keeps the mono mixdown of the
 * output with the context frame of each block.
 *
 * The recorder is an AudioWorklet loaded from a blob: URL. The app's CSP (`script-src 'self'`)
 * refuses blob: and data: worklet modules, and Playwright's page.route and context.route never
 * see a worklet's module request (Chromium fetches it outside the page's interception), so a
 * same-origin path cannot be faked either: the tapped page's context is made with `bypassCSP`.
 * When addModule fails anyway, a ScriptProcessorNode records instead (its blocks are taken as
 * back to back; its playbackTime is off by whole render quanta in Chromium).
 */

const WORKLET_SOURCE = `
class TapRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(8192);
    this.filled = 0;
    this.start = 0;
  }
  process(inputs) {
    const channels = inputs[0] || [];
    const frames = channels.length ? channels[0].length : 128;
    if (this.filled === 0) this.start = currentFrame;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i];
      this.block[this.filled + i] = channels.length ? sum / channels.length : 0;
    }
    this.filled += frames;
    if (this.filled + 128 > this.block.length) {
      const samples = this.block.subarray(0, this.filled);
      this.port.postMessage({ start: this.start, samples }, [this.block.buffer]);
      this.block = new Float32Array(8192);
      this.filled = 0;
    }
    return true;
  }
}
registerProcessor('e2e-audio-tap', TapRecorder);
`;

/** Runs before any page script: wraps AudioNode.prototype.connect. Plain JS, as the browser gets it. */
const INIT_SCRIPT = `(() => {
  const connect = AudioNode.prototype.connect;
  const taps = [];
  const tapOf = (ctx) => {
    let tap = taps.find((t) => t.ctx === ctx);
    if (tap) return tap;
    const collector = ctx.createGain();
    const mute = ctx.createGain();
    mute.gain.value = 0;
    connect.call(mute, ctx.destination);
    tap = { ctx, collector, chunks: [], recorder: 'pending' };
    taps.push(tap);
    const keep = (start, samples) => tap.chunks.push({ start, samples });
    const moduleUrl = URL.createObjectURL(new Blob([${JSON.stringify(WORKLET_SOURCE)}], { type: 'text/javascript' }));
    ctx.audioWorklet
      .addModule(moduleUrl)
      .then(() => {
        const node = new AudioWorkletNode(ctx, 'e2e-audio-tap', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
        node.port.onmessage = (e) => keep(e.data.start, e.data.samples);
        connect.call(collector, node);
        connect.call(node, mute);
        tap.recorder = 'worklet';
      })
      .catch((err) => {
        const node = ctx.createScriptProcessor(4096, 2, 1);
        let frame = Math.round(ctx.currentTime * ctx.sampleRate);
        node.onaudioprocess = (e) => {
          const input = e.inputBuffer;
          const mixed = new Float32Array(input.length);
          for (let c = 0; c < input.numberOfChannels; c++) {
            const data = input.getChannelData(c);
            for (let i = 0; i < mixed.length; i++) mixed[i] += data[i] / input.numberOfChannels;
          }
          keep(frame, mixed);
          frame += mixed.length;
        };
        connect.call(collector, node);
        connect.call(node, mute);
        tap.recorder = 'script-processor: ' + String(err && err.message || err);
      });
    return tap;
  };
  AudioNode.prototype.connect = function (destination, ...rest) {
    const result = connect.call(this, destination, ...rest);
    if (destination instanceof AudioDestinationNode) connect.call(this, tapOf(destination.context).collector);
    return result;
  };
  const latest = () => taps[taps.length - 1];
  window.__audioTap = {
    status: () => taps.map((t) => ({ recorder: t.recorder, sampleRate: t.ctx.sampleRate, state: t.ctx.state, chunks: t.chunks.length })),
    clear: () => taps.forEach((t) => (t.chunks = [])),
    now: () => (latest() ? latest().ctx.currentTime : undefined),
    /** Baseline mode: the app has no graph of its own; route its <audio> through one. */
    attachElement: (selector) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error('no element ' + selector);
      const ctx = new AudioContext();
      ctx.createMediaElementSource(el).connect(ctx.destination);
      void ctx.resume();
      return ctx.sampleRate;
    },
    /** The recording of the latest context, in order, as base64 of Float32 samples. */
    read: () => {
      const tap = latest();
      if (!tap || !tap.chunks.length) return undefined;
      const chunks = tap.chunks.slice().sort((a, b) => a.start - b.start);
      const first = chunks[0].start;
      const last = chunks[chunks.length - 1];
      const all = new Float32Array(last.start + last.samples.length - first);
      const gaps = [];
      let expected = first;
      for (const c of chunks) {
        if (c.start !== expected) gaps.push(c.start - first);
        all.set(c.samples, c.start - first);
        expected = c.start + c.samples.length;
      }
      const bytes = new Uint8Array(all.buffer);
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return { startFrame: first, sampleRate: tap.ctx.sampleRate, gaps, recorder: tap.recorder, data: btoa(text) };
    },
  };
})();`;

export interface Recording {
  samples: Float32Array;
  sampleRate: number;
  /** Context time of the first sample, in seconds. */
  startTime: number;
  /** Where a block did not follow on from the one before (samples missed just before each). */
  gaps: number[];
  recorder: string;
}

/** Installs the tap on every document the page loads from now on (its context needs bypassCSP). */
export async function installAudioTap(page: Page): Promise<void> {
  await page.addInitScript(INIT_SCRIPT);
}

export async function clearRecording(page: Page): Promise<void> {
  await page.evaluate('window.__audioTap.clear()');
}

export async function tapStatus(page: Page): Promise<{ recorder: string; sampleRate: number; state: string; chunks: number }[]> {
  return page.evaluate('window.__audioTap.status()');
}

/** Routes an element-only player's <audio> through a context of the tap's own (baseline mode). */
export async function tapMediaElement(page: Page, selector: string): Promise<number> {
  return page.evaluate(`window.__audioTap.attachElement(${JSON.stringify(selector)})`);
}

export async function readRecording(page: Page): Promise<Recording> {
  const read = (await page.evaluate('window.__audioTap.read()')) as
    | { startFrame: number; sampleRate: number; gaps: number[]; recorder: string; data: string }
    | undefined;
  if (!read) throw new Error('the audio tap recorded nothing');
  const bytes = Buffer.from(read.data, 'base64');
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4).slice();
  return { samples, sampleRate: read.sampleRate, startTime: read.startFrame / read.sampleRate, gaps: read.gaps, recorder: read.recorder };
}

// ---- Analysis (plain functions of the recording) ----

export const SILENCE = 1e-3;

/** Index of the first and one past the last sample above the silence threshold. */
export function soundingSpan(samples: Float32Array): { from: number; to: number } {
  let from = 0;
  while (from < samples.length && Math.abs(samples[from]!) < SILENCE) from++;
  let to = samples.length;
  while (to > from && Math.abs(samples[to - 1]!) < SILENCE) to--;
  return { from, to };
}

/** The longest run of near-silence between the first and the last sound, in samples and where. */
export function longestInternalSilence(samples: Float32Array, range = soundingSpan(samples)): { samples: number; at: number } {
  let best = { samples: 0, at: -1 };
  let run = 0;
  for (let i = range.from; i < range.to; i++) {
    if (Math.abs(samples[i]!) < SILENCE) {
      run++;
      if (run > best.samples) best = { samples: run, at: i - run + 1 };
    } else run = 0;
  }
  return best;
}

/** The largest sample-to-sample jump in [from, to). */
export function maxJump(samples: Float32Array, from: number, to: number): { jump: number; at: number } {
  let best = { jump: 0, at: -1 };
  for (let i = Math.max(1, from); i < Math.min(samples.length, to); i++) {
    const jump = Math.abs(samples[i]! - samples[i - 1]!);
    if (jump > best.jump) best = { jump, at: i };
  }
  return best;
}

/**
 * The typical largest jump of the sound away from `exclude`: the median over 10 ms windows of
 * each window's largest jump (a tone's own slope, with the codec's noise on it).
 */
export function typicalMaxJump(samples: Float32Array, sampleRate: number, span: { from: number; to: number }, exclude: { from: number; to: number }): number {
  const window = Math.round(sampleRate / 100);
  const maxima: number[] = [];
  for (let start = span.from + window; start + window <= span.to - window; start += window) {
    if (start + window > exclude.from && start < exclude.to) continue;
    maxima.push(maxJump(samples, start, start + window).jump);
  }
  if (!maxima.length) throw new Error('no sound outside the excluded stretch');
  maxima.sort((a, b) => a - b);
  return maxima[Math.floor(maxima.length / 2)]!;
}

/** RMS level in consecutive windows (default 50 ms), each with its start in seconds of the recording. */
export function rmsOverTime(samples: Float32Array, sampleRate: number, windowMs = 50): { t: number; rms: number }[] {
  const size = Math.round((sampleRate * windowMs) / 1000);
  const out: { t: number; rms: number }[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += samples[i]! * samples[i]!;
    out.push({ t: start / sampleRate, rms: Math.sqrt(sum / size) });
  }
  return out;
}

/** Amplitude of the `hz` component in samples [from, to) (Goertzel), 0.5 for a full-window sine of 0.5. */
export function toneAmplitude(samples: Float32Array, sampleRate: number, hz: number, from: number, to: number): number {
  const w = (2 * Math.PI * hz) / sampleRate;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s0 = samples[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * Math.sqrt(Math.max(0, power))) / (to - from);
}

export const dB = (ratio: number) => 20 * Math.log10(ratio);

/** What the gapless test asserts on, around a join expected `joinAfter` seconds after the first sound. */
export interface JoinMeasurement {
  /** Longest internal near-silence anywhere in the sound, ms, and its distance from the join, ms. */
  longestSilenceMs: number;
  longestSilenceFromJoinMs: number;
  /** Longest near-silence starting within ±250 ms of the join, ms. */
  silenceAtJoinMs: number;
  /** Largest jump within ±50 ms of the join, over the typical largest jump elsewhere. */
  jumpRatio: number;
  joinJump: number;
  typicalJump: number;
  soundSeconds: number;
}

export function measureJoin(rec: Recording, joinAfter: number): JoinMeasurement {
  const { samples, sampleRate } = rec;
  const span = soundingSpan(samples);
  const join = span.from + Math.round(joinAfter * sampleRate);
  const near = Math.round(0.05 * sampleRate);
  const ms = (n: number) => (n * 1000) / sampleRate;
  const longest = longestInternalSilence(samples, span);
  const atJoin = longestInternalSilence(samples, {
    from: Math.max(span.from, join - 5 * near),
    to: Math.min(span.to, join + 5 * near),
  });
  const joinJump = maxJump(samples, join - near, join + near).jump;
  // The stretch a gap may have pushed the rest of the sound by is excluded as well.
  const typicalJump = typicalMaxJump(samples, sampleRate, span, { from: join - near, to: join + near + longest.samples });
  return {
    longestSilenceMs: ms(longest.samples),
    longestSilenceFromJoinMs: ms(longest.at - join),
    silenceAtJoinMs: ms(atJoin.samples),
    jumpRatio: joinJump / typicalJump,
    joinJump,
    typicalJump,
    soundSeconds: (span.to - span.from) / sampleRate,
  };
}
