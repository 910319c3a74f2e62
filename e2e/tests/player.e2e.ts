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

/**
 * The engine plays through Web Audio (a track hands over from the <audio> element to its decoded
 * buffer), so playback is read where the listener reads it: the seek bar, fed by the engine's
 * clock every second.
 */
const title = () => page.locator('.player__title').innerText();
const seekSlider = () => page.getByRole('slider', { name: 'Seek' });
const seekValue = async () => Number(await seekSlider().getAttribute('aria-valuenow'));
const trackLength = async () => Number(await seekSlider().getAttribute('aria-valuemax'));
const playLabel = () => page.getByTestId('btn-play').getAttribute('aria-label');
const fillWidth = () => page.locator('.player-seek__fill').evaluate((el: HTMLElement) => el.getBoundingClientRect().width);
const currentQueueItem = () => page.locator('[data-testid="queue-item"][aria-current="true"] .player-queue__name').innerText();

async function waitForTitle(name: string): Promise<void> {
  await waitUntil(title, (t) => t === name, `the player to show ${name}`);
}

/** Waits until playback really advances: the engine's position moves on by over a second. */
async function expectAudioAdvancing(): Promise<number> {
  await waitUntil(playLabel, (label) => label === 'Pause', 'the player to play');
  const first = await waitUntil(seekValue, (v) => v > 0, 'playback to start');
  return waitUntil(seekValue, (v) => v >= first + 1, 'playback to advance');
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

    await expectAudioAdvancing();
    expect(await trackLength()).toBeGreaterThan(10);
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
    const duration = await trackLength();
    await clickSeekBar(0.5);
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
    const duration = await trackLength();
    await clickSeekBar(0.95);
    await waitUntil(seekValue, (v) => v >= duration * 0.9, 'the seek to the end');
    // The track ends and starts again from the top: same title, position back near zero.
    await waitUntil(seekValue, (v) => v < 3, 'the track to start over', 15_000);
    expect(await title()).toBe(songs[0]);
    await expectAudioAdvancing();

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
    await waitUntil(playLabel, (label) => label === 'Play', 'the player to pause');
    const paused = await seekValue();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await seekValue()).toBeCloseTo(paused, 0);
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
