import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../harness/app.js';
import { launchBrowser, screenshot } from '../harness/browser.js';
import { verifiedListener } from '../harness/journey.js';
import { apiLogin } from '../harness/session.js';

/*
 * A real Subsonic web client, Airsonic Refix, signing in to Samaa with its default (salted-token)
 * sign-in and an app key as the password. Its build is not part of the repository: see
 * docs/subsonic.md, "A real web client". Without it this file skips, saying so.
 */

const REFIX_DIST = process.env.REFIX_DIST ?? path.join(REPO_ROOT, '.cache', 'airsonic-refix', 'dist');
const hasRefix = fs.existsSync(path.join(REFIX_DIST, 'index.html'));
if (!hasRefix) console.warn(`[e2e] skipping the Airsonic Refix journey: no build at ${REFIX_DIST} (docs/subsonic.md says how to make one)`);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json' };

/** Serves the client's build with an empty env.js (the listener types the server), and index.html for its routes. */
async function serveRefix(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === '/env.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.env = {};');
      return;
    }
    let file = path.join(REFIX_DIST, path.normalize(pathname));
    if (!file.startsWith(REFIX_DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(REFIX_DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let browser: Browser;
let refix: Awaited<ReturnType<typeof serveRefix>>;
beforeAll(async () => {
  if (!hasRefix) return;
  browser = await launchBrowser();
  refix = await serveRefix();
});
afterAll(async () => {
  await browser?.close();
  await refix?.close();
});

const errorToast = (page: Page) => page.locator('.toast.show');

describe.skipIf(!hasRefix)('Airsonic Refix on Samaa', () => {
  it('signs in with an app key by its default token sign-in; albums, search, play, playlist and star work without error toasts', async () => {
    const listener = await verifiedListener('Refix Listener', 'refix');
    const login = await apiLogin(listener.email, listener.password);
    const created = await fetch(`${inject('baseUrl')}/api/account/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': login.authToken },
      body: JSON.stringify({ name: 'Refix' }),
    });
    const { key } = ((await created.json()) as { data: { key: string } }).data;

    const page = await browser.newPage({ baseURL: refix.url });
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/rest/')) calls.push(`${url.pathname.slice(6)} ${url.searchParams.has('t') ? 'token' : url.searchParams.has('p') ? 'password' : ''}`);
    });
    // Every Subsonic answer the client got, failed ones kept.
    const failures: string[] = [];
    page.on('response', async (res) => {
      if (!res.url().includes('/rest/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
      const body = (await res.json().catch(() => null)) as { 'subsonic-response'?: { status: string; error?: unknown } } | null;
      if (body?.['subsonic-response']?.status === 'failed') failures.push(`${new URL(res.url()).pathname} ${JSON.stringify(body['subsonic-response'].error)}`);
    });
    const covers: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/rest/getCoverArt')) covers.push(`${res.status()} ${res.headers()['content-type']} ${res.headers()['location'] ?? ''}`);
    });
    page.on('requestfailed', (req) => {
      if (req.url().includes('getCoverArt') || req.url().includes('cover')) covers.push(`failed ${req.url().slice(0, 120)} ${req.failure()?.errorText}`);
    });
    await page.goto('/');
    await page.locator('input[name=server]').fill(inject('baseUrl'));
    await page.locator('input[name=username]').fill(listener.email);
    await page.locator('input[name=password]').fill(key);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.locator('.sidebar-heading', { hasText: 'Playlists' }).first().waitFor();
    expect(calls.filter((call) => call.startsWith('ping'))).toEqual(['ping token']);

    await page.goto('/albums/recently-added');
    const firstAlbum = page.locator('a[href^="/albums/id/"]:visible').first();
    await firstAlbum.waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'refix-albums');
    await firstAlbum.click();
    const track = page.locator('tbody tr').first();
    await track.waitFor();
    const title = (await track.locator('td').nth(1).innerText()).split('\n')[0]!.trim();

    // Play: the album's first song streams from Samaa.
    const stream = page.waitForResponse((res) => res.url().includes('/rest/stream') && res.status() < 300);
    await track.click();
    await stream;

    // A new playlist, from the sidebar, and the song added to it from its menu.
    const playlistMade = page.waitForResponse((res) => res.url().includes('/rest/createPlaylist'));
    await page.locator('.sidebar-heading', { hasText: 'Playlists' }).locator('button').first().click();
    await page.locator('.modal.show input.form-control').fill('Refix mix');
    await page.locator('.modal.show').getByRole('button', { name: 'Create' }).click();
    await playlistMade;
    await page.locator('.modal.show').waitFor({ state: 'detached' }).catch(() => undefined);
    const menu = () => track.locator('td.text-end .dropdown-toggle');
    await menu().click();
    const added = page.waitForResponse((res) => res.url().includes('/rest/updatePlaylist'));
    await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Add to playlist' }).click();
    await page.locator('.modal.show').getByRole('button', { name: 'Refix mix' }).click();
    await added;

    // Star it (a favourite).
    await page.locator('.modal.show').waitFor({ state: 'detached' }).catch(() => undefined);
    await menu().click();
    const starred = page.waitForResponse((res) => res.url().includes('/rest/star'));
    await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Favourite' }).click();
    await starred;
    await page.goto('/favourites/tracks');
    await page.locator('tbody tr', { hasText: title }).first().waitFor();
    await screenshot(page, 'refix-favourites');

    await page.goto(`/playlists`);
    await page.getByText('Refix mix').first().waitFor();

    // Search.
    await page.goto(`/search?query=${encodeURIComponent(title)}`);
    await page.getByText(title).first().waitFor();
    await screenshot(page, 'refix-search');

    // Covers load from the client's origin (requests cut short by leaving a page aside).
    expect(covers.filter((cover) => cover.startsWith('failed') && !cover.includes('ERR_ABORTED'))).toEqual([]);
    expect(covers.some((cover) => cover.startsWith('200 image/'))).toBe(true);
    expect(await errorToast(page).count()).toBe(0);
    expect(failures).toEqual([]);
    expect(calls.some((call) => call.endsWith('password'))).toBe(false);
    await page.close();
  });
});
