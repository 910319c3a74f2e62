import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { guardedPage, launchBrowser, screenshot } from '../harness/browser.js';
import { expectNoProblems, nowPlaying, signedInListener, storedKeys, waitUntil } from '../harness/journey.js';
import { writeTaggedMp3 } from '../harness/mp3.js';

/** The admin uploads three songs at once; a listener finds them on Home and plays one. */
const SONGS = [
  { title: 'Bulk Dawn E2E', artist: 'The Batch', file: 'bulk-dawn.mp3' },
  { title: 'Bulk Noon E2E', artist: 'The Batch', file: 'bulk-noon.mp3' },
  { title: 'Bulk Dusk E2E', artist: 'The Batch', file: 'bulk-dusk.mp3' },
];

let browser: Browser;
const files: string[] = [];
let adminToken = '';
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const file of files) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

describe.sequential('bulk upload', () => {
  it('uploads three files with progress and saves them in one click', async () => {
    const guarded = await guardedPage(browser, inject('baseUrl'));
    const { page } = guarded;
    const admin = inject('admin');
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/adminhome');
    adminToken = (await storedKeys(page)).adminAuthToken ?? '';

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Songs', exact: true }).click();
    await page.getByRole('button', { name: 'Upload many' }).click();
    const panel = page.getByRole('dialog', { name: 'Upload many' });
    files.push(...SONGS.map((s, i) => writeTaggedMp3(s.title, s.artist, 4 + i, s.file)));
    await panel.getByLabel('Choose files').setInputFiles(files);
    const items = panel.getByTestId('bulk-item');
    await waitUntil(() => items.count(), (n) => n === 3, 'three files listed');
    for (const song of SONGS) {
      const item = items.filter({ hasText: song.file });
      await waitUntil(() => item.getByRole('status').innerText(), (t) => t === 'Uploaded', `${song.file} to upload`);
      expect(await item.getByRole('progressbar').getAttribute('value')).toBe('100');
      expect(await item.getByLabel('Name').inputValue()).toBe(song.title);
      expect(await item.getByLabel('Artist').inputValue()).toBe(song.artist);
    }
    await screenshot(page, 'admin-bulk-uploaded');
    await panel.getByRole('button', { name: 'Save all (3)' }).click();
    for (const song of SONGS) {
      await waitUntil(() => items.filter({ hasText: song.file }).getByRole('status').innerText(), (t) => t === 'Saved', `${song.title} to be saved`);
    }
    await screenshot(page, 'admin-bulk-saved');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: SONGS[2]!.title, exact: true }).waitFor();
    expectNoProblems(guarded);
    await guarded.close();
  });

  it('a listener finds all three on Home and plays one', async () => {
    const { guarded } = await signedInListener(browser, 'Bulk Listener', 'bulk');
    const { page } = guarded;
    const list = page.getByRole('list', { name: 'All songs' });
    for (const song of SONGS) await list.getByText(song.title, { exact: true }).first().waitFor();
    await list.getByRole('button', { name: `Play ${SONGS[1]!.title}` }).click();
    await page.waitForURL('**/player');
    await waitUntil(() => page.locator('.player__title').innerText(), (t) => t === SONGS[1]!.title, 'the player to show the song');
    await waitUntil(() => nowPlaying(page), (now) => now.playing && now.elapsed >= 1, 'the song to play');
    await screenshot(page, 'listener-bulk-song-playing');
    expectNoProblems(guarded);
    await guarded.close();

    // Leave the shared catalogue as the other journeys expect it.
    const res = await fetch(`${inject('baseUrl')}/api/songs`);
    const songs = ((await res.json()) as { data: { _id: string; name: string }[] }).data;
    for (const song of songs.filter((s) => SONGS.some((b) => b.title === s.name))) {
      await fetch(`${inject('baseUrl')}/api/songs/${song._id}`, { method: 'DELETE', headers: { 'x-auth-token': adminToken } });
    }
  });
});
