import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import {
  dB,
  installAudioTap,
  maxJump,
  measureJoin,
  readRecording,
  rmsOverTime,
  soundingSpan,
  tapMediaElement,
  tapStatus,
  toneAmplitude,
  typicalMaxJump,
  type Recording,
} from '../harness/audioTap.js';
import { launchBrowser, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, signedInListener, waitUntil } from '../harness/journey.js';
import { apiLogin } from '../harness/session.js';
import { continuousPair, crossfadePair, replayGainPair, TONE_RATE, type ToneFile } from '../harness/toneFixtures.js';

/**
 * The gapless measurement: tones uploaded as an admin would, played from the songs list, and the
 * engine's output recorded by a tap on its AudioContext (harness/audioTap.ts).
 *
 * GAPLESS_BASELINE=1 measures the element-only player instead (a src switch at each track end):
 * the tap routes its <audio> through a context of its own, and only the join is measured.
 */
const BASELINE = process.env.GAPLESS_BASELINE === '1';
const SETTINGS_KEY = 'samaa.player.settings';

let browser: Browser;
let guarded: GuardedPage;
let page: Page;
const gapless = continuousPair();
const crossfade = crossfadePair();
const replayGain = replayGainPair();

/** tus: create the upload, send the bytes in one PATCH; the last response carries the stored path. */
async function uploadAudio(token: string, file: ToneFile): Promise<{ url: string; metadata: Record<string, unknown> }> {
  const base = inject('baseUrl');
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      'x-auth-token': token,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(file.mp3.length),
      'Upload-Metadata': `kind ${b64('audio')},filename ${b64(`${file.title}.mp3`)}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload creation failed: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location') ?? '', `${base}/api/uploads/`);
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: {
      'x-auth-token': token,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(file.mp3),
  });
  if (sent.status !== 200) throw new Error(`upload failed: ${sent.status} ${await sent.text()}`);
  return (await sent.json()) as { url: string; metadata: Record<string, unknown> };
}

/**
 * Uploads and creates the songs into `created` (by title, as the API returns them); the list
 * shows newest first, so they are created last to first.
 */
async function createSongs(token: string, files: ToneFile[], img: string): Promise<void> {
  for (const file of [...files].reverse()) {
    const { url, metadata } = await uploadAudio(token, file);
    const { coverUrl: _cover, ...fields } = metadata;
    const res = await fetch(`${inject('baseUrl')}/api/songs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ ...fields, name: file.title, artist: 'Gapless Test Tones', img, song: url }),
    });
    if (res.status !== 201) throw new Error(`song creation failed: ${res.status} ${await res.text()}`);
    created[file.title] = ((await res.json()) as { data: Record<string, unknown> }).data;
  }
}

const created: Record<string, Record<string, unknown>> = {};
let adminToken = '';

beforeAll(async () => {
  const admin = inject('admin');
  const { authToken } = await apiLogin(admin.email, admin.password);
  adminToken = authToken;
  const demo = ((await (await fetch(`${inject('baseUrl')}/api/songs`)).json()) as { data: { img: string }[] }).data;
  // In list order: each pair plays in order, the next pair after it.
  await createSongs(authToken, [...gapless, replayGain.tagged, replayGain.plain, ...crossfade], demo[0]!.img);
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Gapless Listener', 'gapless', { bypassCSP: true }));
  page = guarded.page;
  await installAudioTap(page);
}, 120_000);
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
  // Leave the shared catalogue as the other journeys expect it: the tones would top the list.
  for (const song of Object.values(created)) {
    await fetch(`${inject('baseUrl')}/api/songs/${String(song._id)}`, { method: 'DELETE', headers: { 'x-auth-token': adminToken } });
  }
});

/** Reloads /home with these playback settings, plays `first` from the songs list, and records `seconds`. */
async function playAndRecord(
  first: string,
  settings: { crossfade: number; normalize: boolean },
  seconds: number,
  probe?: () => Promise<ElementWatch>,
): Promise<Recording & { element?: ElementWatch }> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SETTINGS_KEY, JSON.stringify(settings)]);
  await page.goto('/home');
  if (BASELINE) await tapMediaElement(page, '[data-testid="player-audio"]');
  const list = page.getByRole('list', { name: 'All songs' });
  // Home's own requests finish first: leaving the page later must not abort them.
  await page.waitForLoadState('networkidle');
  await list.getByRole('button', { name: `Play ${first}` }).click();
  await waitUntil(() => tapStatus(page), (taps) => taps.some((t) => t.state === 'running'), 'an audio context to run');
  await page.waitForTimeout(seconds * 1000 + 800);
  const recording: Recording & { element?: ElementWatch } = await readRecording(page);
  recording.element = await probe?.();
  // The recorder may start unevenly while the context starts; from the first sound on it must keep up.
  expect(recording.gaps.filter((at) => at > soundingSpan(recording.samples).from), 'the recorder missed blocks').toEqual([]);
  await page.goto('/favicon.svg'); // stops the player before the next test
  return recording;
}

/** How far the <audio> element played, and where it stalled ('waiting'), if it did. */
interface ElementWatch {
  played: number;
  stalls: number[];
}

const seconds = (file: ToneFile) => file.samples / TONE_RATE;

describe.sequential('gapless player engine', () => {
  it('stores the encoder delay and padding and the ReplayGain of the uploads', () => {
    const part2 = created[gapless[1].title]!;
    expect(part2).toMatchObject({ encoderDelay: gapless[1].encoderDelay, encoderPadding: gapless[1].encoderPadding, sampleRate: TONE_RATE });
    expect(created[replayGain.tagged.title]!.replayGainTrackGain).toBeCloseTo(-6, 2);
    expect(created[replayGain.plain.title]!.replayGainTrackGain).toBeUndefined();
  });

  it('control: the tap finds no gap in the two halves decoded and scheduled back to back', async () => {
    // What a sample-accurate engine does, done by hand: proves the measurement can pass, and
    // records what Chromium's decodeAudioData returns for a file with a LAME header.
    await page.waitForLoadState('networkidle'); // leaving the first screen must not abort its requests
    await page.goto('/favicon.svg');
    const urls = gapless.map((file) => created[file.title]!.song as string);
    const decoded = await page.evaluate(`(async () => {
      const ctx = new AudioContext();
      const buffers = await Promise.all(${JSON.stringify(urls)}.map(async (url) => ctx.decodeAudioData(await (await fetch(url)).arrayBuffer())));
      const at = ctx.currentTime + 0.3;
      let t = at;
      for (const buffer of buffers) {
        const source = ctx.createBufferSource();
        source.buffer = buffer;
        source.connect(ctx.destination);
        source.start(t);
        t += buffer.duration;
      }
      return { lengths: buffers.map((b) => b.length), sampleRate: ctx.sampleRate };
    })()`);
    // Chromium trims the LAME delay (plus the decoder's 529) and padding itself.
    expect(decoded).toEqual({ lengths: gapless.map((file) => file.samples), sampleRate: TONE_RATE });
    const total = seconds(gapless[0]) + seconds(gapless[1]);
    await page.waitForTimeout(total * 1000 + 600);
    const rec = await readRecording(page);
    const join = measureJoin(rec, seconds(gapless[0]));
    console.log(`[gapless] control (decoded buffers back to back): ${JSON.stringify(join)}`);
    expect(join.soundSeconds).toBeCloseTo(total, 2);
    expect(join.longestSilenceMs).toBeLessThanOrEqual(5);
    expect(join.jumpRatio).toBeLessThanOrEqual(1.1);
  });

  it('joins a tone cut in two files without a gap or a step', async () => {
    const total = seconds(gapless[0]) + seconds(gapless[1]);
    const rec = await playAndRecord(gapless[0].title, { crossfade: 0, normalize: true }, total);
    const span = soundingSpan(rec.samples);
    // Only the pair: whatever the list plays after it is cut off.
    const pair = rec.samples.subarray(0, span.from + Math.round((total - 0.1) * rec.sampleRate));
    const join = measureJoin({ ...rec, samples: pair }, seconds(gapless[0]));
    // The level holds too: a misaligned handover from the <audio> element to the decoded buffer
    // (same tone, out of phase) would show as a dip.
    const windows = rmsOverTime(pair.subarray(span.from), rec.sampleRate).slice(1, -1);
    const median = windows.map((w) => w.rms).sort((a, b) => a - b)[windows.length >> 1]!;
    const levelSpreadDb = Math.max(...windows.map((w) => Math.abs(dB(w.rms / median))));
    const summary = { ...join, levelSpreadDb, recorder: rec.recorder, sampleRate: rec.sampleRate };
    console.log(`[gapless] ${BASELINE ? 'old engine (baseline)' : 'engine'}: ${JSON.stringify(summary)}`);
    if (BASELINE) return;
    expect(join.soundSeconds).toBeGreaterThan(total - 0.2);
    expect(join.longestSilenceMs).toBeLessThanOrEqual(5);
    expect(join.jumpRatio).toBeLessThanOrEqual(1.1);
    // Where the decode came after the element started, the handover falls inside the pair: it
    // is lined up to the frame, so the level holds through it too.
    expect(levelSpreadDb).toBeLessThan(1);
    expectNoProblems(guarded);
  });

  it.skipIf(BASELINE)('hands a playing track over from the <audio> element to its decoded buffer without a seam, and joins exactly after it', async () => {
    // The decoder's fetch of part 1 is held back, so part 1 starts on the element and the decoded
    // buffer takes over about 1.5 s in, mid-tone.
    const part1 = new URL(created[gapless[0].title]!.song as string, inject('baseUrl')).pathname;
    await page.route(
      (url) => url.pathname === part1,
      async (route) => {
        if (route.request().resourceType() === 'fetch') await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      },
    );
    await page.addInitScript(() => {
      const w = window as unknown as { elementPlayed: number; elementStalls: number[] };
      w.elementPlayed = 0;
      w.elementStalls = [];
      const isPlayer = (e: Event) => (e.target as HTMLAudioElement).dataset.testid === 'player-audio';
      document.addEventListener(
        'timeupdate',
        (e) => {
          if (isPlayer(e)) w.elementPlayed = Math.max(w.elementPlayed, (e.target as HTMLAudioElement).currentTime);
        },
        true,
      );
      document.addEventListener('waiting', (e) => isPlayer(e) && w.elementStalls.push((e.target as HTMLAudioElement).currentTime), true);
    });
    const handovers: string[] = [];
    const onConsole = (msg: ConsoleMessage) => {
      if (msg.text().startsWith('Handover to the decoded track')) handovers.push(msg.text());
    };
    page.on('console', onConsole);
    const total = seconds(gapless[0]) + seconds(gapless[1]);
    const rec = await playAndRecord(gapless[0].title, { crossfade: 0, normalize: true }, total, () =>
      page.evaluate(() => {
        const w = window as unknown as { elementPlayed: number; elementStalls: number[] };
        return { played: w.elementPlayed, stalls: w.elementStalls };
      }),
    );
    page.off('console', onConsole);
    await page.unroute((url) => url.pathname === part1);
    expect(handovers, 'the handover was lined up by a recording of the element').toEqual([
      'Handover to the decoded track, placed by recording',
    ]);
    expect(rec.element!.played, 'part 1 played on the element before the handover').toBeGreaterThan(0.8);

    const span = soundingSpan(rec.samples);
    const pair = { from: span.from, to: span.from + Math.round((total - 0.1) * rec.sampleRate) };
    const part1End = span.from + Math.round((seconds(gapless[0]) - 0.05) * rec.sampleRate);
    const { jump: worst, at: worstAt } = maxJump(rec.samples, span.from + 100, part1End);
    const typical = typicalMaxJump(rec.samples, rec.sampleRate, pair, { from: part1End, to: pair.to });
    const windows = rmsOverTime(rec.samples.subarray(pair.from, pair.to), rec.sampleRate).slice(1, -1);
    const median = windows.map((w) => w.rms).sort((a, b) => a - b)[windows.length >> 1]!;
    const lowestDb = Math.min(...windows.map((w) => dB(w.rms / median)));
    const join = measureJoin({ ...rec, samples: rec.samples.subarray(0, pair.to) }, seconds(gapless[0]));
    const summary = { elementPlayed: rec.element!.played, stalls: rec.element!.stalls, worstAtSeconds: (worstAt - span.from) / rec.sampleRate, handoverJumpRatio: worst / typical, lowestDb, longestSilenceMs: join.longestSilenceMs, joinJumpRatio: join.jumpRatio };
    console.log(`[gapless] handover: ${JSON.stringify(summary)}`);
    // No silence, no step, no dip: the two copies meet in phase, so the 40 ms crossfade between
    // them holds the level (by the element's clock alone, it dipped 1 to 3 dB in some runs).
    expect(join.longestSilenceMs).toBeLessThanOrEqual(5);
    expect(worst / typical).toBeLessThanOrEqual(1.1);
    expect(lowestDb).toBeGreaterThan(-0.5);
    // The join that follows a handover is as exact as any other.
    expect(join.jumpRatio).toBeLessThanOrEqual(1.1);
    expectNoProblems(guarded);
  });

  it.skipIf(BASELINE)('crossfades with equal power: both tones through the overlap, the level steady', async () => {
    const fade = 3;
    const [low, high] = crossfade;
    // The 660 Hz tone fades into the list's next song in turn: the recording stops before that.
    const total = seconds(low) + seconds(high) - 2 * fade;
    const rec = await playAndRecord(low.title, { crossfade: fade, normalize: true }, total);
    const { samples, sampleRate } = rec;
    const start = soundingSpan(samples).from;
    const at = (t: number) => start + Math.round(t * sampleRate);
    const overlapFrom = seconds(low) - fade;
    const amplitudes = (t: number) => {
      const from = at(t);
      const to = at(t + 0.1);
      return { low: toneAmplitude(samples, sampleRate, 440, from, to), high: toneAmplitude(samples, sampleRate, 660, from, to) };
    };
    // Before the overlap only 440 Hz, after it only 660 Hz, in the middle both at about 1/√2.
    const before = amplitudes(overlapFrom - 0.5);
    expect(before.high).toBeLessThan(0.05 * before.low);
    const middle = amplitudes(overlapFrom + fade / 2 - 0.05);
    expect(middle.low).toBeGreaterThan(0.5 * before.low);
    expect(middle.high).toBeGreaterThan(0.5 * before.low);
    const after = amplitudes(seconds(low) + 0.3);
    expect(after.low).toBeLessThan(0.05 * before.low);
    expect(after.high).toBeGreaterThan(0.9 * before.low);

    // Two tones of different pitch add in power: equal-power curves keep the sum's level.
    const reference = rmsOverTime(samples.subarray(at(0.3), at(overlapFrom - 0.2)), sampleRate, 1000 * (overlapFrom - 0.5))[0]!.rms;
    const steady = rmsOverTime(samples.subarray(at(0.3), at(total - 0.3)), sampleRate);
    const worst = Math.max(...steady.map((w) => Math.abs(dB(w.rms / reference))));
    console.log(`[gapless] crossfade: largest level deviation ${worst.toFixed(2)} dB over ${steady.length} windows`);
    expect(worst).toBeLessThan(2);
    expectNoProblems(guarded);
  });

  it.skipIf(BASELINE)('plays a -6 dB ReplayGain track 6 dB quieter, and at full level with normalisation off', async () => {
    const levelsOf = (rec: Recording) => {
      const start = soundingSpan(rec.samples).from;
      const rms = (from: number, to: number) => {
        let sum = 0;
        const a = start + Math.round(from * rec.sampleRate);
        const b = start + Math.round(to * rec.sampleRate);
        for (let i = a; i < b; i++) sum += rec.samples[i]! ** 2;
        return Math.sqrt(sum / (b - a));
      };
      const first = seconds(replayGain.tagged);
      return { tagged: rms(0.5, first - 0.5), plain: rms(first + 0.5, first + seconds(replayGain.plain) - 0.5) };
    };
    const total = seconds(replayGain.tagged) + seconds(replayGain.plain);
    const on = levelsOf(await playAndRecord(replayGain.tagged.title, { crossfade: 0, normalize: true }, total));
    const off = levelsOf(await playAndRecord(replayGain.tagged.title, { crossfade: 0, normalize: false }, total));
    console.log(`[gapless] normalisation on: ${dB(on.tagged / on.plain).toFixed(2)} dB, off: ${dB(off.tagged / off.plain).toFixed(2)} dB`);
    expect(Math.abs(dB(on.tagged / on.plain) + 6)).toBeLessThanOrEqual(1);
    expect(Math.abs(dB(off.tagged / off.plain))).toBeLessThanOrEqual(1);
    expectNoProblems(guarded);
  });
});
