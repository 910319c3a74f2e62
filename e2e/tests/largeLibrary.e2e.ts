import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@samaa/shared';
import { REPO_ROOT, startApp, type RunningApp } from '../harness/app.js';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { ADMIN } from '../harness/globalSetup.js';
import { expectNoProblems, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * A library of 20,000 songs: Home scrolls to the last one and search finds it, and neither
 * downloads the whole catalogue. This file runs its own app on a data folder seeded through
 * the seed command (bulk inserts of 1,000), so the other journeys keep their small catalogue.
 */
const SONGS = 20_000;
const SEED_PASSWORD = 'Listen3r!Samaa';
const LISTENER = 'listener1@seed.samaa.local';

let dataDir: string;
let app: RunningApp;
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
/** Bytes received for /api/songs requests (as sent on the wire, compressed), and their URLs. */
const songsTraffic = { bytes: 0, urls: [] as string[] };
let lastSong = { name: '', artist: '' };

async function seed(dir: string): Promise<void> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-seed-cwd-'));
  try {
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'apps/api/dist/cli/seed.js'), '--songs', String(SONGS), '--users', '1'], {
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

/** Counts the bytes each /api/songs answer took on the wire, through the DevTools protocol. */
async function recordSongsTraffic(target: Page): Promise<void> {
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('Network.enable');
  const songsRequests = new Set<string>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (new URL(response.url).pathname === '/api/songs') {
      songsRequests.add(requestId);
      songsTraffic.urls.push(response.url);
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (songsRequests.has(requestId)) songsTraffic.bytes += encodedDataLength;
  });
}

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
    const whole = await fetch(`${app.baseUrl}/api/songs`, { headers: { 'Accept-Encoding': 'gzip' } });
    const wholeBytes = Number(whole.headers.get('content-length') ?? (await whole.arrayBuffer()).byteLength);
    console.log(`[e2e] /api/songs over the scroll: ${songsTraffic.urls.length} pages, ${songsTraffic.bytes} bytes; the whole list gzipped: ${wholeBytes} bytes`);
    expect(songsTraffic.bytes).toBeGreaterThan(0);
    expect(songsTraffic.bytes).toBeLessThan(wholeBytes / 10);
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
