import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/** The player on the demo catalogue: real MP3s decoded and played by Chromium. */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let songs: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Pia Player', 'pia'));
  page = guarded.page;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

interface AudioState {
  src: string;
  currentTime: number;
  duration: number;
  paused: boolean;
}

const audio = (): Promise<AudioState> =>
  page.getByTestId('player-audio').evaluate((el: HTMLAudioElement) => ({
    src: el.currentSrc,
    currentTime: el.currentTime,
    duration: el.duration,
    paused: el.paused,
  }));
const title = () => page.locator('.player__title').innerText();
const seekValue = async () => Number(await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));
const fillWidth = () => page.locator('.player-seek__fill').evaluate((el: HTMLElement) => el.getBoundingClientRect().width);
const currentQueueItem = () => page.locator('[data-testid="queue-item"][aria-current="true"] .player-queue__name').innerText();

async function waitForTitle(name: string): Promise<void> {
  await waitUntil(title, (t) => t === name, `the player to show ${name}`);
}

/** Waits until the audio element really advances (not just reports a position). */
async function expectAudioAdvancing(): Promise<AudioState> {
  const first = await waitUntil(audio, (a) => !a.paused && a.currentTime > 0.2, 'audio to start');
  return waitUntil(audio, (a) => a.src === first.src && a.currentTime >= first.currentTime + 0.5, 'audio to advance');
}

/** Starts counting the audio element's `ended` events; the returned function reads the count. */
async function countEndings(): Promise<() => Promise<number>> {
  const el = page.getByTestId('player-audio');
  await el.evaluate((a: HTMLAudioElement) => {
    a.dataset.endings = '0';
    a.addEventListener('ended', () => (a.dataset.endings = String(Number(a.dataset.endings) + 1)));
  });
  return async () => Number(await el.getAttribute('data-endings'));
}

/** Clicks the seek bar at a fraction of its width. */
async function clickSeekBar(fraction: number): Promise<void> {
  const bar = page.getByTestId('seek-bar');
  const box = await bar.boundingBox();
  if (!box) throw new Error('the seek bar is not visible');
  await bar.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

describe.sequential('player', () => {
  stopJourneyOnFailure();

  it('plays a demo song from home: the audio advances and the seek bar moves', async () => {
    const names = page.getByRole('list', { name: 'All songs' }).locator('.song-row__name');
    await names.first().waitFor();
    songs = await names.allTextContents();
    expect(songs.length).toBeGreaterThanOrEqual(4);

    await page.getByRole('list', { name: 'All songs' }).getByRole('button', { name: `Play ${songs[0]}` }).click();
    await page.waitForURL('**/player');
    await waitForTitle(songs[0]!);
    expect(await page.getByText('Vibe On Samaa').isVisible()).toBe(true);

    const started = await expectAudioAdvancing();
    expect(started.src).toMatch(/\/media\/audio\/.+\.mp3$/);
    expect(started.duration).toBeGreaterThan(10);
    // The UI follows: total time, elapsed time and the seek bar move with the audio.
    expect(await page.getByTestId('total-time').innerText()).toMatch(/^0:2\d$/);
    const before = { value: await seekValue(), width: await fillWidth() };
    await waitUntil(fillWidth, (w) => w > before.width + 1, 'the seek bar fill to grow');
    await waitUntil(seekValue, (v) => v > before.value, 'the seek bar value to grow');
    await waitUntil(() => page.getByTestId('elapsed-time').innerText(), (t) => t !== '0:00', 'the elapsed time to move');
    expect(await currentQueueItem()).toBe(songs[0]);
    await screenshot(page, 'player-playing');
    expectNoProblems(guarded);
  });

  it('goes next and previous, wrapping at both ends', async () => {
    const last = songs[songs.length - 1]!;
    await page.getByTestId('btn-next').click();
    await waitForTitle(songs[1]!);
    expect(await currentQueueItem()).toBe(songs[1]);
    await expectAudioAdvancing();

    await page.getByTestId('btn-prev').click();
    await waitForTitle(songs[0]!);
    await page.getByTestId('btn-prev').click();
    await waitForTitle(last);
    expect(await currentQueueItem()).toBe(last);
    await page.getByTestId('btn-next').click();
    await waitForTitle(songs[0]!);
    await expectAudioAdvancing();
    expectNoProblems(guarded);
  });

  it('seeks by clicking the bar', async () => {
    const { duration } = await audio();
    await clickSeekBar(0.5);
    const after = await audio();
    expect(Math.abs(after.currentTime - duration / 2)).toBeLessThan(1.5);
    await waitUntil(seekValue, (v) => Math.abs(v - duration / 2) <= 2, 'the seek bar to follow the click');
    const fill = await fillWidth();
    const bar = (await page.getByTestId('seek-bar').boundingBox())!.width;
    expect(fill / bar).toBeGreaterThan(0.4);
    await expectAudioAdvancing();
    await screenshot(page, 'player-seeked');
    expectNoProblems(guarded);
  });

  it('repeats the current track when it ends, and advances when repeat is off', async () => {
    const repeat = page.getByTestId('btn-repeat');
    await repeat.click();
    expect(await repeat.getAttribute('aria-pressed')).toBe('true');
    const endings = await countEndings();
    await clickSeekBar(0.95);
    // The track ends and starts again from the top: same title, position back near zero.
    await waitUntil(endings, (n) => n === 1, 'the track to end', 15_000);
    await waitUntil(audio, (a) => !a.paused && a.currentTime < 3, 'the track to start over');
    expect(await title()).toBe(songs[0]);

    await repeat.click();
    expect(await repeat.getAttribute('aria-pressed')).toBe('false');
    await clickSeekBar(0.95);
    await waitForTitle(songs[1]!);
    await expectAudioAdvancing();
    expectNoProblems(guarded);
  });

  it('shuffles: next follows a random order that previous walks back', async () => {
    const shuffle = page.getByTestId('btn-shuffle');
    await shuffle.click();
    expect(await shuffle.getAttribute('aria-pressed')).toBe('true');
    const visited = [await title()];
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('btn-next').click();
      const now = await waitUntil(title, (t) => t !== visited[visited.length - 1], 'the next shuffled track');
      visited.push(now);
    }
    expect(new Set(visited).size).toBe(visited.length);
    for (const name of visited) expect(songs).toContain(name);
    await screenshot(page, 'player-shuffle');
    for (let i = visited.length - 2; i >= 0; i--) {
      await page.getByTestId('btn-prev').click();
      await waitForTitle(visited[i]!);
    }
    await shuffle.click();
    expect(await shuffle.getAttribute('aria-pressed')).toBe('false');
    await expectAudioAdvancing();
    expectNoProblems(guarded);
  });

  it('jumps to a queue item, and pauses', async () => {
    const items = page.getByTestId('queue-item');
    expect(await items.count()).toBe(songs.length);
    await items.nth(3).click();
    await waitForTitle(songs[3]!);
    expect(await currentQueueItem()).toBe(songs[3]);
    await expectAudioAdvancing();

    await page.getByTestId('btn-play').click();
    const paused = await waitUntil(audio, (a) => a.paused, 'the audio to pause');
    await new Promise((r) => setTimeout(r, 600));
    expect((await audio()).currentTime).toBeCloseTo(paused.currentTime, 1);
    expect(await page.getByTestId('btn-play').getAttribute('aria-label')).toBe('Play');
    await screenshot(page, 'player-paused');
    expectNoProblems(guarded);
  });
});

describe('the demo catalogue', () => {
  it('decodes and plays every demo song in Chromium', async () => {
    const results = await page.evaluate(async () => {
      const res = await fetch('/api/songs');
      const { data } = (await res.json()) as { data: { name: string; song: string }[] };
      const out: { name: string; played: number; error: string | null }[] = [];
      for (const song of data) {
        const el = new Audio(song.song);
        el.muted = true;
        const outcome = await new Promise<{ played: number; error: string | null }>((resolve) => {
          const timer = setTimeout(() => resolve({ played: el.currentTime, error: 'timed out' }), 8000);
          el.addEventListener('timeupdate', () => {
            if (el.currentTime > 0.3) {
              clearTimeout(timer);
              resolve({ played: el.currentTime, error: null });
            }
          });
          el.addEventListener('error', () => {
            clearTimeout(timer);
            resolve({ played: 0, error: `media error ${el.error?.code}` });
          });
          el.play().catch((err: Error) => resolve({ played: 0, error: err.message }));
        });
        el.pause();
        el.removeAttribute('src');
        el.load();
        out.push({ name: song.name, ...outcome });
      }
      return out;
    });
    expect(results.length).toBeGreaterThanOrEqual(12);
    for (const result of results) expect(result, result.name).toMatchObject({ error: null });
    expectNoProblems(guarded);
  });
});
