import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../harness/axe.js';
import { SHARE_MESSAGES } from '@samaa/shared';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, nowPlaying, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';
import { apiLogin } from '../harness/session.js';

/**
 * Share links: a listener shares a demo album from Home; someone with no account opens the link
 * in a fresh browser, sees and plays exactly those songs, and reaches nothing else. A revoked or
 * expired link shows the 404 page.
 */
const ALBUM = 'Live at the Lake';
const FIRST = 'Live at the Lake, Part 1';

let browser: Browser;
let sharer: GuardedPage;
let visitor: GuardedPage;
let token: string;
let link: string;
/** Every request the visitor's page made. */
const visitorRequests: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signedInListener(browser, 'Sana Sharer', 'sharer');
  sharer = signedIn.guarded;
  token = (await apiLogin(signedIn.listener.email, signedIn.listener.password)).authToken;
});
afterAll(async () => {
  await sharer?.close();
  await visitor?.close();
  await browser?.close();
});

/** A visitor's page: a new browser context, so no session, no storage, no cookies. */
async function freshVisitor(): Promise<GuardedPage> {
  const guarded = await guardedPage(browser, inject('baseUrl'));
  guarded.page.on('request', (req) => visitorRequests.push(new URL(req.url()).pathname));
  // A revoked or expired link answers 404, which the page shows; the browser logs the 404 too.
  guarded.expect(/\/api\/public\/shares\/[\w-]+ 404/);
  guarded.expect(/Failed to load resource: the server responded with a status of 404/);
  return guarded;
}

const goneHeading = (page: Page) => page.getByRole('heading', { name: SHARE_MESSAGES.goneTitle });

describe.sequential('share links', () => {
  stopJourneyOnFailure();

  it('a listener shares an album from a song row and gets a link to copy', async () => {
    const { page } = sharer;
    const list = page.getByRole('list', { name: 'All songs' });
    await list.locator('.song-row__name', { hasText: FIRST }).first().waitFor();
    await list.getByRole('button', { name: `More options for ${FIRST}` }).click();
    await page.getByRole('menuitem', { name: SHARE_MESSAGES.shareAlbum }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${ALBUM}”` });
    await dialog.getByLabel(SHARE_MESSAGES.descriptionLabel).fill('Both halves, no gap');
    await dialog.getByRole('button', { name: SHARE_MESSAGES.create }).click();
    const field = dialog.getByRole('textbox', { name: SHARE_MESSAGES.linkLabel });
    await field.waitFor();
    link = await field.inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    expect(await dialog.getByRole('button', { name: SHARE_MESSAGES.copyLink }).isVisible()).toBe(true);
    await screenshot(page, 'shares-dialog');
    await dialog.getByRole('button', { name: SHARE_MESSAGES.close }).first().click();
    expectNoProblems(sharer);
  });

  it('someone without an account opens the link, sees the songs and plays them', async () => {
    visitor = await freshVisitor();
    const { page } = visitor;
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: ALBUM }).waitFor();
    expect(await page.getByText('Shared by Sana').isVisible()).toBe(true);
    expect(await page.getByText('Both halves, no gap').isVisible()).toBe(true);
    const songs = page.getByRole('list', { name: 'Songs' }).locator('.public-share__title');
    expect(await songs.allTextContents()).toEqual([FIRST, 'Live at the Lake, Part 2']);

    await page.getByRole('button', { name: SHARE_MESSAGES.playAll, exact: true }).click();
    const start = await waitUntil(() => nowPlaying(page), (s) => s.playing && s.elapsed >= 1, 'the shared song to play');
    expect(start.title).toBe(FIRST);
    await waitUntil(() => nowPlaying(page), (s) => s.elapsed >= start.elapsed + 1, 'playback to advance');
    await screenshot(page, 'shares-public-playing');

    // Nothing on the page leads into the catalogue, and nothing private was asked for.
    const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([]);
    expect(await page.locator('nav, .sidebar').count()).toBe(0);
    const apiCalls = visitorRequests.filter((p) => p.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((p) => p.startsWith('/api/public/shares/'))).toBe(true);
    expect(visitorRequests.some((p) => p.startsWith('/api/songs'))).toBe(false);

    await page.getByTestId('nowplaying-play').click(); // paused: a still page to audit
    expect(await seriousViolations(page, 'share-public')).toEqual([]);
    expectNoProblems(visitor);
  });

  it('the Shares page lists the link with its visit; revoking it turns the link into the 404 page', async () => {
    const { page } = sharer;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: SHARE_MESSAGES.title }).click();
    await page.getByRole('heading', { name: SHARE_MESSAGES.title }).waitFor();
    const row = page.getByTestId('share-row').filter({ hasText: ALBUM });
    await row.waitFor();
    expect(await row.innerText()).toContain('1 visit');
    expect(await row.innerText()).toContain(SHARE_MESSAGES.never);
    expect(await seriousViolations(page, 'shares')).toEqual([]);

    await row.getByRole('button', { name: `${SHARE_MESSAGES.revoke}: ${ALBUM}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(SHARE_MESSAGES.revokeConfirm).waitFor();
    await confirm.getByRole('button', { name: SHARE_MESSAGES.revoke, exact: true }).click();
    await page.getByText(SHARE_MESSAGES.none).waitFor();
    expectNoProblems(sharer);

    await visitor.page.reload();
    await goneHeading(visitor.page).waitFor();
    expect(await visitor.page.getByText(SHARE_MESSAGES.gone).isVisible()).toBe(true);
    await screenshot(visitor.page, 'shares-revoked');
    expectNoProblems(visitor);
  });

  it('an expired link shows the 404 page', async () => {
    const songs = (await (await fetch(`${inject('baseUrl')}/api/songs?page=1&limit=100`, { headers: { 'x-auth-token': token } })).json()) as {
      data: { _id: string; name: string }[];
    };
    const song = songs.data.find((s) => s.name === FIRST)!;
    const res = await fetch(`${inject('baseUrl')}/api/shares`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ kind: 'song', id: song._id, expiresAt: new Date(Date.now() + 2500).toISOString() }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string } };
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { page } = visitor;
    await page.goto(new URL(data.url).pathname);
    await goneHeading(page).waitFor();
    expect(await seriousViolations(page, 'share-gone')).toEqual([]);
    expectNoProblems(visitor);
  });
});
