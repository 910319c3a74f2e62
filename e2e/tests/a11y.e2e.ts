import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../harness/axe.js';
import { guardedPage, launchBrowser } from '../harness/browser.js';
import { playFirstSong, signedInListener } from '../harness/journey.js';

/**
 * axe-core on every screen of the shell, the listener area and the admin area: no serious or
 * critical violation of WCAG 2.1 A/AA. Each screen is also kept as a screenshot.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

describe('accessibility (axe-core)', () => {
  it('the signed-out shell', async () => {
    const guarded = await guardedPage(browser, inject('baseUrl'));
    const { page } = guarded;
    const found: string[] = [];
    const screens: [string, string, string | RegExp][] = [
      ['landing', '/', /./],
      ['instructions', '/instructions', /./],
      ['register', '/userregistration', /./],
      ['user-login', '/userlogin', /./],
      ['admin-login', '/adminlogin', /./],
      ['about', '/about', /./],
      ['forgot-password', '/forgot-password', /./],
    ];
    for (const [name, path, heading] of screens) {
      await visit(page, path, heading);
      found.push(...(await seriousViolations(page, name)));
    }
    await guarded.close();
    expect(found).toEqual([]);
  });

  it('the listener area', async () => {
    const { guarded } = await signedInListener(browser, 'Axe Listener', 'axe');
    const { page } = guarded;
    const found: string[] = [];
    const screens: [string, string, string | RegExp][] = [
      ['home', '/home', /Axe Listener/],
      ['library', '/library', 'Library'],
      ['feed', '/feed', /./],
      ['trending', '/trending', /./],
      ['liked-songs', '/favourites', /Liked Songs/],
      ['player', '/player', /./],
      ['apps', '/apps', 'Apps'],
      ['shares', '/shares', 'Shares'],
      ['scrobbling', '/account/scrobbling', 'Scrobbling'],
      ['change-password', '/account/password', /password/i],
    ];
    for (const [name, path, heading] of screens) {
      await visit(page, path, heading);
      found.push(...(await seriousViolations(page, name)));
    }
    // The player with a queue: the transport, seek bar, Queue, playback settings and the bar.
    await visit(page, '/home', /Axe Listener/);
    const first = await playFirstSong(page);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    await page.getByTestId('btn-play').click(); // paused: a still page to audit
    found.push(...(await seriousViolations(page, 'player-queue')));
    await guarded.close();
    expect(found).toEqual([]);
  });

  it('the admin area', async () => {
    const guarded = await guardedPage(browser, inject('baseUrl'));
    const { page } = guarded;
    const admin = inject('admin');
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/adminhome');
    const found: string[] = [];
    const screens: [string, string, string | RegExp][] = [
      ['admin-home', '/adminhome', /Welcome/],
      ['admin-analytics', '/analytics', /./],
      ['admin-users', '/usersdata', /Users/],
      ['admin-songs', '/songsdata', /Songs/],
      ['admin-libraries', '/libraries', 'Libraries'],
    ];
    for (const [name, path, heading] of screens) {
      await visit(page, path, heading);
      found.push(...(await seriousViolations(page, name)));
    }
    await page.goto('/songsdata');
    await page.getByRole('button', { name: 'Add Song', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Song' }).waitFor();
    found.push(...(await seriousViolations(page, 'admin-add-song')));
    await guarded.close();
    expect(found).toEqual([]);
  });
});
