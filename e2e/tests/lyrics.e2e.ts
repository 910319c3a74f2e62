import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LYRICS_MESSAGES } from '@samaa/shared';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';
import { apiLogin } from '../harness/session.js';

/**
 * Synced lyrics in the player: a demo song gets an .lrc from an admin (a line every 3 seconds),
 * then a listener plays it in Chromium, where the highlighted line follows the real audio clock.
 */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let song: { _id: string; name: string };

const LINE_EVERY_S = 3;
const LINES = Array.from({ length: 10 }, (_, i) => `Line ${i + 1} of the song`);
const LRC = LINES.map((text, i) => `[00:${String(i * LINE_EVERY_S).padStart(2, '0')}.00]${text}`).join('\r\n');

beforeAll(async () => {
  const base = inject('baseUrl');
  const admin = await apiLogin(inject('admin').email, inject('admin').password);
  const songs = ((await (await fetch(`${base}/api/songs`)).json()) as { data: { _id: string; name: string }[] }).data;
  song = songs[0]!;
  const put = await fetch(`${base}/api/songs/${song._id}/lyrics`, {
    method: 'PUT',
    headers: { 'x-auth-token': admin.authToken, 'content-type': 'application/octet-stream' },
    body: new TextEncoder().encode(`[ti:${song.name}]\r\n${LRC}\r\n`),
  });
  if (put.status !== 200) throw new Error(`lyrics upload failed: ${put.status} ${await put.text()}`);
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Lyla Lyrics', 'lyla'));
  page = guarded.page;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

const panel = () => page.getByTestId('lyrics-panel');
const currentLine = () => panel().locator('[aria-current="true"]').innerText().catch(() => '');
const lineIndex = async () => LINES.indexOf(await currentLine());
const seekValue = async () => Number(await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow'));
/** The audio clock itself, read from the engine through the panel's view of it: the seek bar. */
const expectedIndex = (seconds: number) => Math.min(LINES.length - 1, Math.floor(seconds / LINE_EVERY_S));

describe.sequential('synced lyrics', () => {
  stopJourneyOnFailure();

  it('plays a song with synced lyrics: the highlighted line changes with the music', async () => {
    await page.getByRole('list', { name: 'All songs' }).getByRole('button', { name: `Play ${song.name}` }).click();
    await page.waitForURL('**/player');
    await panel().getByRole('heading', { name: LYRICS_MESSAGES.panelTitle }).waitFor();
    await waitUntil(lineIndex, (i) => i === 0, 'the first line to be highlighted');
    // The music plays on: within a few seconds the highlight moves to the next line by itself.
    await waitUntil(lineIndex, (i) => i >= 1, 'the highlight to move on with the music', 15_000);
    const at = await seekValue();
    expect(Math.abs((await lineIndex()) - expectedIndex(at))).toBeLessThanOrEqual(1);
    expect(await panel().locator('[aria-current="true"]').count()).toBe(1);
    // Announced politely, once per line: the live region holds the current line only.
    expect(await page.getByTestId('lyrics-announcer').getAttribute('aria-live')).toBe('polite');
    // Both read at one moment: the line moves on by itself, so two reads could straddle a change.
    const { announced, highlighted } = await page.evaluate(() => ({
      announced: (document.querySelector('[data-testid="lyrics-announcer"]') as HTMLElement | null)?.innerText,
      highlighted: (document.querySelector('[data-testid="lyrics-panel"] [aria-current="true"]') as HTMLElement | null)?.innerText,
    }));
    expect(highlighted).toMatch(/^Line \d+ of the song$/);
    expect(announced).toBe(highlighted);
    expectNoProblems(guarded);
  });

  it('follows a seek at once', async () => {
    const bar = page.getByTestId('seek-bar');
    const box = (await bar.boundingBox())!;
    await bar.click({ position: { x: box.width * 0.8, y: box.height / 2 } });
    const target = await waitUntil(seekValue, (v) => v >= 15, 'the seek to land');
    await waitUntil(lineIndex, (i) => i >= expectedIndex(target) && i <= expectedIndex(target) + 1, 'the highlight to follow the seek', 3000);
    expectNoProblems(guarded);
  });

  it('clicking a line jumps the audio there', async () => {
    await panel().getByRole('button', { name: LINES[2]! }).click();
    // The engine's clock (the audio position) jumps back to 6 s and plays on from there.
    await waitUntil(seekValue, (v) => v >= 6 && v < 9, 'the audio to jump to line 3', 5000);
    await waitUntil(currentLine, (t) => t === LINES[2] || t === LINES[3], 'line 3 to be highlighted');
    await waitUntil(seekValue, (v) => v > 7, 'playback to go on from there', 5000);
    await screenshot(page, 'lyrics-synced');
    expectNoProblems(guarded);
  });

  it('turns the line announcements off', async () => {
    await panel().getByRole('checkbox', { name: LYRICS_MESSAGES.announceLines }).uncheck();
    expect(await page.getByTestId('lyrics-announcer').getAttribute('aria-live')).toBe('off');
    expect(await page.getByTestId('lyrics-announcer').innerText()).toBe('');
    expectNoProblems(guarded);
  });

  it("an admin replaces the lyrics on the song form; the listener's player shows them", async () => {
    // Paused, the song stays the player's while the admin works: playing, it could end meanwhile
    // and hand over to the next one, which has no lyrics.
    await page.getByTestId('btn-play').click();
    await waitUntil(() => page.getByTestId('btn-play').getAttribute('aria-label'), (label) => label === 'Play', 'the song to pause');
    const admin = await guardedPage(browser, inject('baseUrl'));
    const form = admin.page;
    try {
      await form.goto('/adminlogin');
      await form.getByLabel('Email').fill(inject('admin').email);
      await form.getByLabel('Password').fill(inject('admin').password);
      await form.getByRole('button', { name: 'Login' }).click();
      await form.waitForURL('**/adminhome');
      await form.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Songs', exact: true }).click();
      await form.getByRole('button', { name: `Edit ${song.name}` }).first().click();
      const lyrics = form.getByTestId('song-lyrics');
      await waitUntil(() => lyrics.getByTestId('song-lyrics-current').innerText(), (t) => t.includes('synced, 10 lines (upload)'), 'the current lyrics');
      await lyrics.getByLabel(LYRICS_MESSAGES.replace).setInputFiles({ name: 'new.lrc', mimeType: 'text/plain', buffer: Buffer.from('[00:00.00]A brand new first line\n[00:20.00]And a late one') });
      await lyrics.getByText(LYRICS_MESSAGES.saved).waitFor();
      await waitUntil(() => lyrics.getByTestId('song-lyrics-current').innerText(), (t) => t.includes('synced, 2 lines (upload)'), 'the new lyrics');
      await lyrics.getByRole('button', { name: LYRICS_MESSAGES.remove }).scrollIntoViewIfNeeded();
      await screenshot(form, 'lyrics-admin-form');
      expectNoProblems(admin);
    } finally {
      await admin.close();
    }
    await page.reload();
    await waitUntil(() => panel().innerText().catch(() => ''), (t) => t.includes('A brand new first line'), "the new lyrics in the listener's player");
    expectNoProblems(guarded);
  });
});
