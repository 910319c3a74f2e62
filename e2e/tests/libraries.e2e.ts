import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '../harness/app.js';
import { guardedPage, launchBrowser, screenshot } from '../harness/browser.js';
import { expectNoProblems, waitUntil } from '../harness/journey.js';
import { writeTaggedMp3 } from '../harness/mp3.js';

/** A server of its own with a music folder (MUSIC_DIRS): the admin's Libraries page and a rescan. */
const ADMIN = { email: 'librarian@samaa.test', password: 'L1brary#Samaa2026' };
let app: RunningApp;
let browser: Browser;
let music: string;

function place(relative: string, title: string, artist: string): void {
  const file = writeTaggedMp3(title, artist, 3, 'track.mp3');
  const target = path.join(music, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(file, target);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

beforeAll(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-e2e-music-'));
  place('Harbour/First Tide/01 - Morning Tide.mp3', 'Morning Tide', 'Harbour');
  place('Harbour/First Tide/02 - Evening Tide.mp3', 'Evening Tide', 'Harbour');
  fs.writeFileSync(path.join(music, 'readme.mp3'), 'not audio');
  app = await startApp({ MUSIC_DIRS: music, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(music, { recursive: true, force: true });
});

describe('music folders', () => {
  it('shows the folder to the admin, scans a new file on demand, and serves folder songs', async () => {
    const guarded = await guardedPage(browser, app.baseUrl);
    const { page } = guarded;
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/adminhome');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
    const card = page.getByRole('article', { name: path.basename(music) });
    await card.waitFor();
    await waitUntil(() => card.locator('.library__facts dd').first().innerText(), (t) => t === '2', 'the first scan to list 2 songs');
    await card.getByRole('cell', { name: 'readme.mp3' }).waitFor();
    await screenshot(page, 'admin-libraries');

    place('Harbour/First Tide/03 - Night Tide.mp3', 'Night Tide', 'Harbour');
    await card.getByRole('button', { name: 'Scan now' }).click();
    await waitUntil(() => card.locator('.library__facts dd').first().innerText(), (t) => t === '3', 'the rescan to find the new file');
    await screenshot(page, 'admin-libraries-rescanned');

    const songs = ((await (await fetch(`${app.baseUrl}/api/songs`)).json()) as { data: { name: string; song: string; album?: string }[] }).data;
    expect(songs.map((s) => s.name).sort()).toEqual(['Evening Tide', 'Morning Tide', 'Night Tide']);
    const night = songs.find((s) => s.name === 'Night Tide')!;
    expect(night.album).toBe('First Tide');
    // Private like uploads: served to the admin's session (its media cookie), not to anyone.
    const audio = await page.request.get(`${app.baseUrl}${night.song}`, { headers: { Range: 'bytes=0-9' } });
    expect(audio.status()).toBe(206);
    expect((await fetch(`${app.baseUrl}${night.song}`)).status).toBe(401);
    expectNoProblems(guarded);
    await guarded.close();
  });
});
