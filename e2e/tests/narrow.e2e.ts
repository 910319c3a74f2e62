import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@samaa/shared';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, playFirstSong, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * A phone-wide window (390 px): the sidebar folds into a Menu button, every listener page keeps
 * its content on screen, covers arrive as the server's small copies, and search answers as the
 * listener types.
 */
const WIDTH = 390;

let browser: Browser;
let guarded: GuardedPage;
let page: Page;
/** Every /media/images answer: its URL and the bytes it took on the wire. */
const images: { url: string; bytes: number }[] = [];

async function recordImages(target: Page): Promise<void> {
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('Network.enable');
  // The sign-in page loaded the covers already (immutable, so cached): count them from the wire.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (new URL(response.url).pathname.startsWith('/media/images/')) urls.set(requestId, response.url);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const url = urls.get(requestId);
    if (url) images.push({ url, bytes: encodedDataLength });
  });
}

const visible = (locator: ReturnType<Page['locator']>) => locator.waitFor({ state: 'visible' });
const menu = () => page.getByRole('button', { name: 'Menu' });

/** Nothing wider than the window: no sideways scrolling. */
async function fitsTheWidth(): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(WIDTH);
}

/** axe's serious and critical findings (WCAG 2.1 A and AA) on the page as it is. */
async function axe(name: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function openFromMenu(label: string): Promise<void> {
  await menu().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await waitUntil(() => menu().getAttribute('aria-expanded'), (v) => v === 'false', 'the menu to close after a link');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signedInListener(browser, 'Nadia Narrow', 'narrow');
  guarded = signedIn.guarded;
  page = guarded.page;
  await page.setViewportSize({ width: WIDTH, height: 844 });
  await recordImages(page);
  await page.reload();
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

describe.sequential('a 390 px window', () => {
  stopJourneyOnFailure();

  it('shows Home with its song list, and covers as small resized copies', async () => {
    const list = page.getByRole('list', { name: 'All songs' });
    await visible(list.getByRole('listitem').first());
    const box = await list.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    // Every button of a row is inside the list's box (none pushed past its edge).
    const first = list.getByRole('listitem').first();
    for (const button of await first.getByRole('button').all()) {
      const place = (await button.boundingBox())!;
      expect(place.x + place.width).toBeLessThanOrEqual(box!.x + box!.width);
    }
    expect(await first.getByRole('button').count()).toBeGreaterThanOrEqual(4);
    await visible(page.getByRole('complementary', { name: 'Search' }));
    await fitsTheWidth();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'narrow-home');

    const covers = images.filter((image) => image.url.includes('/media/images/'));
    expect(covers.length).toBeGreaterThan(0);
    expect(covers.every((image) => /[?&]size=(64|128)\b/.test(image.url))).toBe(true);
    // The originals are 256 px PNGs; what came is a fraction of them.
    const originals = await Promise.all(covers.map(async (image) => (await (await page.request.get(image.url.replace(/[?&]size=\d+/, ''))).body()).length));
    const sent = covers.reduce((sum, image) => sum + image.bytes, 0);
    const whole = originals.reduce((sum, bytes) => sum + bytes, 0);
    expect(sent).toBeLessThan(whole / 2);
    console.log(`[narrow] ${covers.length} covers: ${sent} B on the wire, against ${whole} B for the originals`);
  });

  it('folds the sidebar into a Menu button: a disclosure that Escape closes', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await menu().getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await menu().click();
    expect(await menu().getAttribute('aria-expanded')).toBe('true');
    await visible(nav.getByRole('link', { name: 'Library', exact: true }));
    await screenshot(page, 'narrow-menu-open');
    expect(await axe('menu open')).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await menu().getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await menu().evaluate((el) => el === document.activeElement)).toBe(true);
    // Keyboard alone: Enter opens it, and Tab reaches the links.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label') ?? document.activeElement?.className)).toBeTruthy();
    await page.keyboard.press('Escape');
    expect(await axe('home')).toEqual([]);
    expectNoProblems(guarded);
  });

  it('likes a song and plays it: the player and its bar fit', async () => {
    await openFromMenu('Home');
    const list = page.getByRole('list', { name: 'All songs' });
    const first = (await list.locator('.song-row__name').first().textContent())!;
    await list.getByRole('button', { name: `Like ${first}` }).click();
    await waitUntil(() => list.getByRole('button', { name: `Like ${first}` }).getAttribute('aria-pressed'), (v) => v === 'true', 'the like');
    expect(await playFirstSong(page)).toBe(first);
    await visible(page.getByTestId('now-playing'));
    await fitsTheWidth();
    await screenshot(page, 'narrow-player-playing');
    expectNoProblems(guarded);
  });

  for (const [label, heading] of [
    ['Library', 'Library'],
    ['Liked Songs', 'Liked Songs'],
    ['Player', undefined],
    ['Feed', undefined],
    ['Shares', undefined],
  ] as const) {
    it(`shows ${label} within the width`, async () => {
      await openFromMenu(label);
      if (heading) await visible(page.getByRole('heading', { name: heading, exact: true }));
      if (label === 'Liked Songs') await visible(page.locator('.liked-card').first());
      else await visible(page.locator('main h1, main h2').first());
      await page.waitForLoadState('networkidle');
      await fitsTheWidth();
      await screenshot(page, `narrow-${label.toLowerCase().replace(/\s+/g, '-')}`);
      expectNoProblems(guarded);
    });
  }

  it('searches as the listener types, grouped, and Enter still submits', async () => {
    await openFromMenu('Home');
    const panel = page.getByRole('complementary', { name: 'Search' });
    const box = panel.getByRole('searchbox', { name: 'Search songs' });
    await box.scrollIntoViewIfNeeded();
    await box.pressSequentially('Aarav', { delay: 40 });
    const songs = panel.getByRole('region', { name: 'Matching songs' });
    await visible(songs.getByRole('button', { name: 'Play Monsoon Letters' }));
    await visible(panel.getByRole('region', { name: 'Matching artists' }).getByRole('link', { name: 'Aarav Mehta' }));
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'narrow-search-as-you-type');
    expect(await axe('search results')).toEqual([]);
    await box.fill('zz no such song zz');
    await box.press('Enter');
    await visible(panel.getByText(MESSAGES.noResults, { exact: true }));
    expect(await songs.count()).toBe(0);
    await fitsTheWidth();
    expectNoProblems(guarded);
  });
});
