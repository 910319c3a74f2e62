import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Id3Fields } from '../../apps/api/src/media/demo/id3.js';
import { startApp, type RunningApp } from '../harness/app.js';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, focusedName, nowPlaying, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';
import { writeTaggedMp3 } from '../harness/mp3.js';

/**
 * Albums, artists and genres: a server of its own scans a folder of tagged MP3s (album, track,
 * year, genre, cover); the listener browses the albums grid to an album and plays it in place,
 * opens the artist and the genre, and axe audits every page.
 */
const ADMIN = { email: 'browser-admin@samaa.test', password: 'Br0wse#Samaa2026' };
let app: RunningApp;
let browser: Browser;
let music: string;
let guarded: GuardedPage;
let page: Page;

const TCON = (genre: string) => ({ id: 'TCON', body: Buffer.concat([Buffer.from([3]), Buffer.from(genre, 'utf8')]) });

function place(relative: string, title: string, artist: string, tags: Id3Fields, genre: string): void {
  const file = writeTaggedMp3(title, artist, 8, 'track.mp3', { ...tags, frames: [TCON(genre)] });
  const target = path.join(music, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(file, target);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

beforeAll(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-e2e-browse-'));
  const ferries = { album: 'Night Ferries', year: 2003 };
  // Written out of track order: the album page lists them by track.
  place('Quartz Lantern/Night Ferries/03.mp3', 'Last Crossing', 'Quartz Lantern', { ...ferries, trackNumber: 3 }, 'Jazz');
  place('Quartz Lantern/Night Ferries/01.mp3', 'Harbour Bell', 'Quartz Lantern', { ...ferries, trackNumber: 1 }, 'Jazz');
  place('Quartz Lantern/Night Ferries/02.mp3', 'Low Tide', 'Quartz Lantern', { ...ferries, trackNumber: 2 }, 'Jazz');
  place('Quartz Lantern/Paper Moons/01.mp3', 'Paper Moon', 'Quartz Lantern', { album: 'Paper Moons', year: 1999, trackNumber: 1 }, 'Jazz');
  place('Amber Field/Open Roads/01.mp3', 'Open Road', 'Amber Field', { album: 'Open Roads', year: 2015, trackNumber: 1 }, 'Folk');
  app = await startApp({ MUSIC_DIRS: music, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' });
  await waitUntil(
    async () => ((await (await fetch(`${app.baseUrl}/api/songs`)).json()) as { data: unknown[] }).data.length,
    (n) => n === 5,
    'the scan to file 5 songs',
    60_000,
  );
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Browse Listener', 'browse', { app }));
  page = guarded.page;
}, 120_000);
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
  await app?.stop();
  fs.rmSync(music, { recursive: true, force: true });
});

async function audit(name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, `browse-${name}`);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

const songNames = (list: ReturnType<Page['getByRole']>) => list.locator('.song-row__name').allInnerTexts();

describe('browsing albums, artists and genres', () => {
  stopJourneyOnFailure();
  let albumUrl = '';

  it('goes from the albums grid to an album and plays it in place', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Albums' }).click();
    await page.waitForURL('**/albums');
    const grid = page.getByRole('list', { name: 'Albums' });
    const tile = grid.getByRole('article', { name: 'Night Ferries' });
    await tile.waitFor();
    expect(await grid.getByRole('article').count()).toBe(3);
    // The tile shows the server's resized copy of the scanned cover, not the placeholder. The
    // first request for a size makes that copy, so the test waits for it to load.
    const cover = await waitUntil(
      () => tile.getByRole('img', { name: 'Cover of Night Ferries' }).evaluate((img: HTMLImageElement) => ({ loaded: img.complete && img.naturalWidth > 0, src: img.currentSrc })),
      (img) => img.loaded,
      'the cover of Night Ferries to load',
    );
    expect(cover.src).toMatch(/\/media\/images\/.+[?&]size=\d+/);
    await screenshot(page, 'browse-albums');

    // The sort is kept in the URL: by year, the 1999 album comes first.
    await page.getByLabel('Sort by').selectOption('year');
    await page.waitForURL('**/albums?sort=year');
    await waitUntil(() => grid.locator('.album-tile__name').allInnerTexts(), (names) => names.join() === 'Paper Moons,Night Ferries,Open Roads', 'the albums by year');

    // Keyboard alone: Tab from the last filter reaches the first tile (the grid is one Tab stop),
    // the arrow keys move between tiles, and Enter opens the album.
    await page.getByLabel('To year').focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toMatch(/Paper Moons$/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toMatch(/Night Ferries$/);
    await screenshot(page, 'browse-albums-keyboard');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/albums/al-*');
    albumUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Night Ferries' }).waitFor();
    const songs = page.getByRole('list', { name: 'Night Ferries: Songs' });
    expect(await songNames(songs)).toEqual(['Harbour Bell', 'Low Tide', 'Last Crossing']);
    expect(await page.locator('.detail-head__facts').innerText()).toMatch(/^2003 · 3 songs · 2\d s$/);
    await screenshot(page, 'browse-album');

    await page.getByRole('button', { name: 'Play Night Ferries' }).click();
    await waitUntil(() => nowPlaying(page), (now) => now.title === 'Harbour Bell' && now.playing && now.elapsed >= 2, 'the first track to play and advance', 20_000);
    expect(page.url()).toBe(albumUrl);
    await screenshot(page, 'browse-album-playing');
    await page.getByTestId('nowplaying-play').click(); // paused: the later pages stay still
    expectNoProblems(guarded);
  });

  it('opens the artist from the album: its albums by year', async () => {
    await page.locator('.detail-head__by').getByRole('link', { name: 'Quartz Lantern' }).click();
    await page.waitForURL('**/artists/ar-*');
    await page.getByRole('heading', { level: 1, name: 'Quartz Lantern' }).waitFor();
    const albums = page.getByRole('list', { name: 'Quartz Lantern: Albums' });
    expect(await albums.locator('.album-tile__name').allInnerTexts()).toEqual(['Paper Moons', 'Night Ferries']);
    expect(await page.locator('.detail-head__facts').innerText()).toBe('2 albums · 4 songs');
    expect((await songNames(page.getByRole('list', { name: 'Quartz Lantern: Most played' }))).length).toBe(4);
    await screenshot(page, 'browse-artist');
    expectNoProblems(guarded);
  });

  it('lists the artists A–Z and the genres, and opens a genre', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
    const index = page.getByRole('list', { name: 'Artists' });
    await index.getByRole('link', { name: 'Amber Field' }).waitFor();
    expect(await index.locator('.artist-row__name').allInnerTexts()).toEqual(['Amber Field', 'Quartz Lantern']);
    await page.getByRole('button', { name: 'Jump to letter Q' }).click();
    await waitUntil(() => page.evaluate(() => document.activeElement?.textContent ?? ''), (text) => text === 'Quartz Lantern', 'the jump to focus Q’s first artist');
    await screenshot(page, 'browse-artists');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Genres' }).click();
    const jazz = page.getByRole('link', { name: /^Jazz/ });
    await jazz.waitFor();
    expect(await jazz.innerText()).toContain('2 albums · 4 songs');
    await screenshot(page, 'browse-genres');
    await jazz.click();
    await page.getByRole('heading', { level: 1, name: 'Jazz' }).waitFor();
    const songs = page.getByRole('list', { name: 'Jazz: Songs' });
    await songs.waitFor();
    expect((await songNames(songs)).sort()).toEqual(['Harbour Bell', 'Last Crossing', 'Low Tide', 'Paper Moon']);
    expect(await page.getByRole('list', { name: 'Jazz: Albums' }).locator('.album-tile__name').allInnerTexts()).toEqual(['Night Ferries', 'Paper Moons']);
    await screenshot(page, 'browse-genre');

    // A song row's album name leads to its album page.
    await songs.getByRole('link', { name: 'Paper Moons' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Paper Moons' }).waitFor();
    expectNoProblems(guarded);
  });

  it('has no serious or critical axe violation on any of the pages', async () => {
    const found: string[] = [];
    const artist = await page.locator('.detail-head__by a').first().getAttribute('href');
    const screens: [string, string, string][] = [
      ['albums', '/albums', 'Albums'],
      ['album', new URL(albumUrl).pathname, 'Night Ferries'],
      ['artists', '/artists', 'Artists'],
      ['artist', artist!, 'Quartz Lantern'],
      ['genres', '/genres', 'Genres'],
      ['genre', '/genres/Folk', 'Folk'],
    ];
    for (const [name, url, heading] of screens) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      found.push(...(await audit(`axe-${name}`)));
    }
    expect(found).toEqual([]);
    expectNoProblems(guarded);
  });
});
