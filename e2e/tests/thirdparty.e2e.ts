import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, nowPlaying, signedInListener, waitUntil } from '../harness/journey.js';

/** The JioSaavn feed and trending screens and the Spotify import, against the local fakes. */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Tara Tuned', 'tara'));
  page = guarded.page;
  await page.getByRole('heading', { name: 'Welcome, Tara Tuned!' }).waitFor();
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

const goTo = (link: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
const card = (name: string) => page.getByRole('article', { name, exact: true });
const count = (name: string) => card(name).locator('.pcard__count').innerText();
const title = () => page.locator('.player__title').innerText();
const elapsed = async () => (await nowPlaying(page)).elapsed;

/** Every cover on screen decoded (none broken, none left loading). */
async function expectImagesLoaded(): Promise<void> {
  const broken = await waitUntil(
    () =>
      page.locator('main img, .grid img').evaluateAll((imgs: HTMLImageElement[]) =>
        imgs.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
      ),
    (list) => list.length === 0,
    'every cover to load',
  );
  expect(broken).toEqual([]);
}

describe('third-party music services (local fakes)', () => {
  it('shows the feed tiles, Pop on open, and plays a category playlist', async () => {
    await goTo('Feed');
    const tiles = page.getByRole('navigation', { name: 'Categories' });
    for (const tile of ['Pop', 'Chill', 'Sad', 'Lofi', 'Romantic', 'Party', 'Workout', 'Focus', 'Sleep', 'Golden age of 20s', '90s', '80s', '70s']) {
      await tiles.getByRole('button', { name: tile, exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'OLD IS GOLD' }).waitFor();
    expect(await tiles.getByRole('button', { name: 'Pop', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await card('Pop Hits').waitFor();
    expect(await count('Pop Hits')).toBe('4 songs');
    await card('Pop Rising').waitFor();
    await expectImagesLoaded();
    await screenshot(page, 'thirdparty-feed-pop');

    await tiles.getByRole('button', { name: 'Chill', exact: true }).click();
    await card('Chill Vibes').waitFor();
    expect(await card('Pop Hits').count()).toBe(0);

    await tiles.getByRole('button', { name: 'Golden age of 20s', exact: true }).click();
    await card('Best of 2000s').waitFor();
    await tiles.getByRole('button', { name: '90s', exact: true }).click();
    await card('Best of 1990s').waitFor();
    expect(await count('Best of 1990s')).toBe('1 song');
    await screenshot(page, 'thirdparty-feed-90s');

    await card('Best of 1990s').getByRole('button', { name: 'Listen Now' }).click();
    await page.waitForURL('**/player');
    await waitUntil(title, (t) => t === 'Wonderwall', 'the Saavn song in the player');
    expect(await page.locator('.player__artist').innerText()).toBe('Oasis');
    await waitUntil(elapsed, (t) => t >= 1, 'the Saavn audio to play');
    await screenshot(page, 'thirdparty-feed-player');
    await page.getByTestId('btn-play').click();
    expectNoProblems(guarded);
  });

  it('shows the trending playlists and opens one in the player', async () => {
    await goTo('Trending');
    await page.getByRole('heading', { name: 'Trending Playlists' }).waitFor();
    await card('Trending Today').waitFor();
    expect(await count('Trending Today')).toBe('3 songs');
    await expectImagesLoaded();
    await screenshot(page, 'thirdparty-trending');

    await card('Trending Today').click();
    await page.waitForURL('**/player');
    await waitUntil(title, (t) => t === 'Kesariya', 'the first trending song');
    const queue = page.getByTestId('queue-item');
    expect(await queue.count()).toBe(3);
    await waitUntil(elapsed, (t) => t >= 1, 'the trending audio to play');
    await page.getByTestId('btn-play').click();
    expectNoProblems(guarded);
  });

  it('imports the Spotify playlists through a sign-in popup, playback going on, and plays one', async () => {
    await goTo('Library');
    // Something plays (from the now-playing bar) while the listener signs in to Spotify.
    await page.getByTestId('nowplaying-play').click();
    await waitUntil(() => nowPlaying(page), (now) => now.playing, 'the track to play again');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Fetch Playlists from Spotify' }).click();
    // The (fake) Spotify authorize page consents at once; the popup hands the session over and closes.
    const signIn = await popup;
    await signIn.waitForEvent('close');
    expect(new URL(page.url()).pathname).toBe('/library');
    // The fake tracks last a few seconds, so "going on" is: playing, and moving (or on to the next).
    const playback = async () => {
      const now = await nowPlaying(page);
      return { playing: now.playing, at: `${now.title}@${now.elapsed}` };
    };
    const before = await playback();
    expect(before.playing).toBe(true);
    await waitUntil(playback, (now) => now.playing && now.at !== before.at, 'playback to have gone on during the sign-in');
    await page.getByTestId('nowplaying-play').click();
    const spotify = page.getByRole('region', { name: 'Spotify playlists' });
    await spotify.getByRole('article', { name: 'Road Trip' }).waitFor();
    expect(await count('Road Trip')).toBe('3 songs');
    expect(await count('Throwbacks')).toBe('1 song');
    // The code is single-use: it has left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expectImagesLoaded();
    await screenshot(page, 'thirdparty-spotify-playlists');

    await card('Road Trip').hover();
    await card('Road Trip').getByRole('button', { name: 'Play Road Trip' }).click();
    await page.waitForURL('**/player');
    const queue = page.getByTestId('queue-item');
    await waitUntil(() => queue.count(), (n) => n === 3, 'the Spotify tracks in the queue');
    expect(await queue.locator('.player-queue__name').allInnerTexts()).toEqual(['Heat Waves', 'As It Was', 'Song Nobody Has']);
    // A track found nowhere is listed but cannot be played.
    expect(await queue.nth(2).isDisabled()).toBe(true);
    await waitUntil(elapsed, (t) => t >= 1, 'a Spotify track to play');
    await screenshot(page, 'thirdparty-spotify-player');
    await page.getByTestId('btn-play').click();
    expectNoProblems(guarded);
  });
});
