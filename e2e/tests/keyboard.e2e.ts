import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { guardedPage, launchBrowser, screenshot } from '../harness/browser.js';
import { expectNoProblems, focusedName, playFirstSong, signedInListener, storedKeys, waitUntil } from '../harness/journey.js';

/** Keyboard-only journeys: after focusing a starting control, only keys are pressed. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('keyboard only', () => {
  it('adds a song to a playlist, and uses a card menu', async () => {
    const { guarded } = await signedInListener(browser, 'Keyboard Listener', 'keys');
    const { page } = guarded;
    const token = (await storedKeys(page)).userAuthToken ?? '';
    const created = await fetch(`${inject('baseUrl')}/api/playlists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ name: 'Keyboard Mix', desc: '' }),
    });
    const playlistId = ((await created.json()) as { data: { _id: string } }).data._id;
    // A reload would abort the first screen's requests. Its list showing means the app has started
    // them: on a busy machine 'networkidle' alone could come before the app's script ran.
    await page.getByRole('list', { name: 'All songs' }).locator('.song-row__name').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.reload();

    const list = page.getByRole('list', { name: 'All songs' });
    const first = (await list.locator('.song-row__name').first().textContent())!;
    await list.getByRole('button', { name: `Add ${first} to a playlist` }).focus();
    await page.keyboard.press('Enter');
    await waitUntil(() => focusedName(page), (name) => name.includes('Keyboard Mix'), 'focus on the playlist choice');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Confirm');
    await screenshot(page, 'keyboard-add-to-playlist');
    await page.keyboard.press('Enter');
    await page.getByText('Added to Keyboard Mix').waitFor();
    const after = await fetch(`${inject('baseUrl')}/api/playlists/${playlistId}`, { headers: { 'x-auth-token': token } });
    expect(((await after.json()) as { data: { songs: { name: string }[] } }).data.songs.map((s) => s.name)).toEqual([first]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    const toggle = page.getByRole('button', { name: 'Options for Keyboard Mix' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await waitUntil(() => focusedName(page), (name) => name === 'Delete Playlist', 'focus on the first menu item');
    await page.waitForTimeout(150); // the menu settles (its opening animation frame), as it would for a person
    await page.keyboard.press('ArrowDown');
    await waitUntil(() => focusedName(page), (name) => name === 'Update Playlist', 'focus on the second item');
    await screenshot(page, 'keyboard-card-menu');
    await page.keyboard.press('Escape');
    await waitUntil(() => focusedName(page), (name) => name === 'Options for Keyboard Mix', 'focus back on the menu button');
    await page.keyboard.press('Enter');
    await waitUntil(() => focusedName(page), (name) => name === 'Delete Playlist', 'the menu to open again');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await waitUntil(() => focusedName(page), (name) => name === 'Update Playlist', 'focus on Update Playlist');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Update Playlist' }).waitFor();
    expectNoProblems(guarded);
    await guarded.close();
  });

  it('seeks with the keyboard', async () => {
    const { guarded } = await signedInListener(browser, 'Seeking Listener', 'seekkeys');
    const { page } = guarded;
    await playFirstSong(page);
    const slider = page.getByRole('slider', { name: 'Seek' });
    await waitUntil(() => slider.getAttribute('aria-valuemax'), (max) => Number(max) > 10, 'the duration to be known');
    await slider.focus();
    const before = Number(await slider.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowRight');
    await waitUntil(async () => Number(await slider.getAttribute('aria-valuenow')), (v) => v >= before + 4, 'a 5 s step forward');
    await page.keyboard.press('Home');
    await waitUntil(async () => Number(await slider.getAttribute('aria-valuenow')), (v) => v < 2, 'back to the start');
    expectNoProblems(guarded);
    await guarded.close();
  });

  it('leaves the arrow keys to the song list while a song plays; in the player they change track', async () => {
    const { guarded } = await signedInListener(browser, 'Scrolling Listener', 'scrollkeys');
    const { page } = guarded;
    const list = page.getByRole('list', { name: 'All songs' });
    const first = await playFirstSong(page);
    await waitUntil(() => page.getByTestId('btn-play').getAttribute('aria-label'), (label) => label === 'Pause', 'the song to play');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const bar = page.getByTestId('now-playing');
    const playing = () => bar.locator('.now-playing__title').innerText();
    // Whether the page kept each key press (not taken by a shortcut) is recorded after all handlers.
    await page.evaluate(() => {
      const w = window as unknown as { kept: boolean[] };
      w.kept = [];
      window.addEventListener('keydown', (e) => w.kept.push(!e.defaultPrevented));
    });
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await playing()).toBe(first);
    expect(await page.evaluate(() => (window as unknown as { kept: boolean[] }).kept)).toEqual([true, true, true]);

    await bar.getByTestId('nowplaying-play').focus();
    await page.keyboard.press('ArrowDown');
    await waitUntil(playing, (name) => name !== first, 'the next track, from the player');
    expectNoProblems(guarded);
    await guarded.close();
  });

  it('closes the admin side panel with Escape, focus back on its button', async () => {
    const guarded = await guardedPage(browser, inject('baseUrl'));
    const { page } = guarded;
    const admin = inject('admin');
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/adminhome');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Songs', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add Song', exact: true });
    await add.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Add Song' });
    await panel.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id && document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent)).toBe('Name');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await waitUntil(() => focusedName(page), (name) => name === 'Add Song', 'focus back on Add Song');
    expectNoProblems(guarded);
    await guarded.close();
  });
});
