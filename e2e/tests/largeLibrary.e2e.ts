import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@samaa/shared';
import { REPO_ROOT, startApp, type RunningApp } from '../harness/app.js';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { ADMIN } from '../harness/globalSetup.js';
import { expectNoProblems, focusedName, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * A library of 20,000 songs in 2,000 albums: Home scrolls to the last song and search finds it,
 * the albums grid scrolls to the last album and the artist index jumps to a late letter, and
 * none of them downloads the whole catalogue. This file runs its own app on a data folder seeded
 * through the seed command (bulk inserts of 1,000, songs tagged as albums of ten), so the other
 * journeys keep their small catalogue.
 */
const SONGS = 20_000;
const PER_ALBUM = 10;
const SEED_PASSWORD = 'Listen3r!Samaa';
const LISTENER = 'listener1@seed.samaa.local';

let dataDir: string;
let app: RunningApp;
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
/** Bytes received for /api/songs and /api/browse/* requests (as sent on the wire, compressed), and their URLs. */
const songsTraffic = { bytes: 0, urls: [] as string[] };
const browseTraffic = { bytes: 0, urls: [] as string[] };
let lastSong = { name: '', artist: '' };
/** The whole song list, gzipped: what downloading the catalogue would cost. */
let catalogueBytes = 0;
let listenerToken = '';

async function seed(dir: string): Promise<void> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-seed-cwd-'));
  try {
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'apps/api/dist/cli/seed.js'), '--songs', String(SONGS), '--per-album', String(PER_ALBUM), '--users', '1'], {
      // INIT_CWD: a folder without a .env, so only these settings apply.
      env: { ...process.env, DATA_DIR: dir, INIT_CWD: cwd, MONGODB_URI: process.env.MONGODB_URI ?? '', NODE_ENV: 'development' },
      timeout: 240_000,
    });
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

async function login(pathname: string, email: string, password: string) {
  const res = await fetch(`${app.baseUrl}/api${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { authToken: string; data: { _id: string } };
}

/** Counts the bytes each /api/songs and /api/browse/* answer took on the wire, through the DevTools protocol. */
async function recordSongsTraffic(target: Page): Promise<void> {
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('Network.enable');
  const counted = new Map<string, typeof songsTraffic>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const { pathname } = new URL(response.url);
    const traffic = pathname === '/api/songs' ? songsTraffic : pathname.startsWith('/api/browse/') ? browseTraffic : undefined;
    if (!traffic) return;
    counted.set(requestId, traffic);
    traffic.urls.push(response.url);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const traffic = counted.get(requestId);
    if (traffic) traffic.bytes += encodedDataLength;
  });
}

/** A JSON answer's size gzipped, as the server would send it to a browser. */
async function gzippedSize(url: string, headers: Record<string, string> = {}): Promise<{ bytes: number; body: unknown }> {
  const res = await fetch(`${app.baseUrl}${url}`, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const raw = Buffer.from(await res.arrayBuffer());
  return { bytes: gzipSync(raw).length, body: JSON.parse(raw.toString('utf8')) };
}

/** The requests of one kind, and the pages they asked for. */
const requests = (urls: string[], pathname: string) => urls.map((url) => new URL(url)).filter((url) => url.pathname === pathname);
const pagesOf = (urls: URL[]) => urls.map((url) => Number(url.searchParams.get('page')));

const list = () => page.getByRole('list', { name: 'All songs' });

stopJourneyOnFailure();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-e2e-large-'));
  await seed(dataDir);
  app = await startApp({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMITS: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
  });
  browser = await launchBrowser();
}, 420_000);

afterAll(async () => {
  await guarded?.close();
  await browser?.close();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`a library of ${SONGS.toLocaleString('en')} songs`, () => {
  it('Home shows the total and the first songs, reading one page', async () => {
    const session = await login('/login', LISTENER, SEED_PASSWORD);
    listenerToken = session.authToken;
    guarded = await guardedPage(browser, app.baseUrl);
    page = guarded.page;
    await recordSongsTraffic(page);
    await page.goto('/favicon.svg');
    await page.evaluate(
      (items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      },
      {
        [STORAGE_KEYS.userAuthToken]: session.authToken,
        [STORAGE_KEYS.user]: JSON.stringify(session.data),
        [STORAGE_KEYS.isUserLoggedIn]: 'true',
      },
    );
    await page.goto('/home');
    await page.getByText(`All songs · ${SONGS.toLocaleString('en')}`).waitFor();
    await list().locator('.song-row__name').first().waitFor();
    expect(await list().locator('[role="listitem"]').first().getAttribute('aria-setsize')).toBe(String(SONGS));
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'large-library-home-top');
    expectNoProblems(guarded);
  });

  it('scrolls to the last song, reading only the pages in view', async () => {
    // Jump to the end, as dragging the scroll bar does.
    await list().evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = list().locator(`[role="listitem"][aria-posinset="${SONGS}"]`);
    await last.locator('.song-row__name').waitFor({ timeout: 15_000 });
    lastSong = {
      name: (await last.locator('.song-row__name').textContent())!,
      artist: (await last.locator('.song-row__artist').textContent())!,
    };
    expect(lastSong.name).not.toBe('');
    await screenshot(page, 'large-library-home-end');

    // Only pages were asked for: never the whole list.
    expect(songsTraffic.urls.length).toBeGreaterThan(1);
    for (const url of songsTraffic.urls) expect(new URL(url).searchParams.get('limit')).toBe('100');
    // The whole list, as the server would send it compressed to this browser.
    catalogueBytes = (await gzippedSize('/api/songs')).bytes;
    console.log(`[e2e] /api/songs over the scroll: ${songsTraffic.urls.length} pages, ${songsTraffic.bytes} bytes; the whole list gzipped: ${catalogueBytes} bytes`);
    expect(songsTraffic.bytes).toBeGreaterThan(0);
    expect(songsTraffic.bytes).toBeLessThan(catalogueBytes / 10);
    expectNoProblems(guarded);
  });

  it('search finds the last song', async () => {
    const before = songsTraffic.urls.length;
    // Generated titles repeat: the title and the artist name the one song.
    await page.getByRole('searchbox', { name: 'Search songs' }).fill(`${lastSong.name} ${lastSong.artist}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: 'Matching songs' });
    await results.waitFor({ timeout: 15_000 });
    await waitUntil(
      () => results.locator('.song-row').allTextContents(),
      (rows) => rows.some((row) => row.includes(lastSong.name) && row.includes(lastSong.artist)),
      `"${lastSong.name}" by ${lastSong.artist} among the results`,
      15_000,
    );
    expect(songsTraffic.urls.length).toBe(before);
    await screenshot(page, 'large-library-search');
    expectNoProblems(guarded);
  });

  it('Liked Songs shows a song liked from the results', async () => {
    const results = page.getByRole('region', { name: 'Matching songs' });
    const like = results.getByRole('button', { name: `Like ${lastSong.name}` }).first();
    await like.click();
    await waitUntil(() => like.getAttribute('aria-pressed'), (pressed) => pressed === 'true', 'the heart to fill');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
    const grid = page.getByRole('list', { name: 'Liked Songs' });
    await grid.getByRole('article', { name: lastSong.name }).waitFor();
    expect(await grid.getByRole('listitem').first().getAttribute('aria-setsize')).toBe('1');
    await screenshot(page, 'large-library-liked');
    expectNoProblems(guarded);
  });

  it('the albums grid scrolls to the last album, and the keyboard goes from end to end, reading a few pages', async () => {
    const songsBefore = songsTraffic.urls.length;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Albums' }).click();
    await page.waitForURL('**/albums');
    const grid = page.getByRole('list', { name: 'Albums' });
    await grid.locator('.album-tile__name').first().waitFor();
    const total = Number(await grid.getByRole('listitem').first().getAttribute('aria-setsize'));
    // Generated album names repeat, and the same artist's two albums of one name are one album.
    expect(total).toBeGreaterThan(SONGS / PER_ALBUM - 20);
    expect(total).toBeLessThanOrEqual(SONGS / PER_ALBUM);
    await page.getByText(`${total.toLocaleString('en')} albums`).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'large-library-albums-top');

    // Jump to the end, as dragging the scroll bar does: the last album shows, with its cover.
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = grid.locator(`[role="listitem"][aria-posinset="${total}"]`);
    await last.locator('.album-tile__name').waitFor({ timeout: 15_000 });
    await waitUntil(() => last.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), Boolean, 'the last cover to load');
    const lastName = (await last.locator('.album-tile__name').textContent())!;
    await screenshot(page, 'large-library-albums-end');

    // From the keyboard: Home goes back to the first album, End to the last again.
    await last.getByRole('link').first().focus();
    await page.keyboard.press('Home');
    const first = grid.locator('[role="listitem"][aria-posinset="1"]');
    await waitUntil(() => first.evaluate((item) => item.contains(document.activeElement)), Boolean, 'focus on the first album');
    await page.keyboard.press('End');
    await waitUntil(() => last.evaluate((item) => item.contains(document.activeElement)), Boolean, 'focus on the last album');
    expect(await focusedName(page)).toContain(lastName);
    await screenshot(page, 'large-library-albums-end-keyboard');

    // Pages of 60 albums: the first, those at the end, never the ones between, nor a whole list.
    const albumReads = requests(browseTraffic.urls, '/api/browse/albums');
    for (const url of albumReads) expect(url.searchParams.get('limit')).toBe('60');
    const lastPage = Math.ceil(total / 60);
    expect(pagesOf(albumReads).every((n) => n === 1 || n >= lastPage - 2)).toBe(true);
    expect(albumReads.length).toBeLessThanOrEqual(5);
    expect(songsTraffic.urls.length).toBe(songsBefore);
    // Every album card, as the server would send them gzipped a page of 500 at a time.
    let allAlbumsBytes = 0;
    for (let n = 1; n <= Math.ceil(total / 500); n += 1) {
      allAlbumsBytes += (await gzippedSize(`/api/browse/albums?limit=500&page=${n}`, { 'x-auth-token': listenerToken })).bytes;
    }
    console.log(
      `[e2e] /api/browse over the albums grid: ${albumReads.length} reads (pages ${pagesOf(albumReads).join(', ')}), ${browseTraffic.bytes} bytes; ` +
        `every album card gzipped: ${allAlbumsBytes} bytes; the song list gzipped: ${catalogueBytes} bytes`,
    );
    expect(browseTraffic.bytes).toBeGreaterThan(0);
    expect(browseTraffic.bytes).toBeLessThan(allAlbumsBytes / 5);
    expect(browseTraffic.bytes).toBeLessThan(catalogueBytes / 20);
    expectNoProblems(guarded);
  });

  it('the artist index jumps to a late letter, reading only that letter’s page', async () => {
    browseTraffic.urls.length = 0;
    browseTraffic.bytes = 0;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
    await page.waitForURL('**/artists');
    const index = page.getByRole('list', { name: 'Artists' });
    await index.locator('.artist-row__name').first().waitFor();
    const total = Number(await index.getByRole('listitem').first().getAttribute('aria-setsize'));
    expect(total).toBeGreaterThan(300);
    await screenshot(page, 'large-library-artists-top');

    // The latest letter the index has (the generated names reach Z).
    const jumps = page.getByRole('navigation', { name: 'Jump to letter' }).getByRole('button');
    const enabled = await jumps.evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).map((b) => b.textContent!));
    const letter = enabled.filter((l) => /^[A-Z]$/.test(l)).at(-1)!;
    expect(letter >= 'T').toBe(true);
    await page.getByRole('button', { name: `Jump to letter ${letter}` }).click();
    await waitUntil(() => focusedName(page), (name) => name.toUpperCase().startsWith(letter), `focus on the first artist under ${letter}`, 15_000);
    const focused = await focusedName(page);
    const place = Number(await page.evaluate(() => document.activeElement?.closest('[role="listitem"]')?.getAttribute('aria-posinset')));
    expect(place).toBeGreaterThan(total / 2);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'large-library-artists-letter');

    const artistReads = requests(browseTraffic.urls, '/api/browse/artists');
    for (const url of artistReads) expect(url.searchParams.get('limit')).toBe('100');
    const letterPage = Math.floor((place - 1) / 100) + 1;
    // Page 1 (the total and where each letter starts) and the letter's page (and the next, in view): none between.
    expect(pagesOf(artistReads).every((n) => n === 1 || n >= letterPage)).toBe(true);
    expect(new Set(pagesOf(artistReads)).size).toBeLessThan(Math.ceil(total / 100));
    console.log(
      `[e2e] /api/browse over the artist index (${total} artists, jump to ${letter}: "${focused}", row ${place}): ` +
        `${artistReads.length} reads (pages ${pagesOf(artistReads).join(', ')}), ${browseTraffic.bytes} bytes`,
    );
    expect(browseTraffic.bytes).toBeLessThan(catalogueBytes / 20);
    expectNoProblems(guarded);
  });

  it('the admin Songs table shows the total and reads pages too', async () => {
    await guarded.close();
    const session = await login('/login/', ADMIN.email, ADMIN.password);
    guarded = await guardedPage(browser, app.baseUrl);
    page = guarded.page;
    songsTraffic.urls.length = 0;
    await recordSongsTraffic(page);
    await page.goto('/favicon.svg');
    await page.evaluate(
      (items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      },
      {
        [STORAGE_KEYS.adminAuthToken]: session.authToken,
        [STORAGE_KEYS.user]: JSON.stringify(session.data),
        [STORAGE_KEYS.isAdminLoggedIn]: 'true',
      },
    );
    await page.goto('/songsdata');
    await page.getByText(`${SONGS} total`).waitFor();
    const table = page.getByRole('table');
    expect(await table.getAttribute('aria-rowcount')).toBe(String(SONGS + 1));
    await table.getByRole('button', { name: /^Edit / }).first().waitFor();
    const rows = await table.locator('tbody tr[aria-rowindex]').count();
    expect(rows).toBeLessThan(60);
    for (const url of songsTraffic.urls) expect(new URL(url).searchParams.get('limit')).toBe('100');
    await screenshot(page, 'large-library-admin-songs');

    await table.evaluate((el) => el.parentElement!.scrollTo(0, el.parentElement!.scrollHeight));
    await table.locator(`tr[aria-rowindex="${SONGS + 1}"] button`).first().waitFor();
    await screenshot(page, 'large-library-admin-songs-end');
    for (const url of songsTraffic.urls) expect(new URL(url).searchParams.get('limit')).toBe('100');
    expect(songsTraffic.urls.length).toBeLessThan(6);
    expectNoProblems(guarded);
  });
});
