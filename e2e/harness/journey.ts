import { afterEach, beforeEach, expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@samaa/shared';
import { guardedPage, type GuardedPage } from './browser.js';
import { verificationLink } from './mail.js';
import { apiLogin, apiRegisterAndVerify } from './session.js';

/** A password meeting every rule of SPEC §5. */
export const GOOD_PASSWORD = 'Listen#2026ok';

let counter = 0;

/** An email address no other test of this run uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@samaa.test`;
}

/**
 * Fails the running test on any problem the page recorded since the last check (uncaught errors,
 * console errors, unexpected failed requests), and starts the next test with a clean slate.
 */
export function expectNoProblems(guarded: GuardedPage): void {
  expect(guarded.problems.splice(0)).toEqual([]);
}

/** A listener created through the API and its real verification mail. */
export async function verifiedListener(name: string, prefix: string, app = { baseUrl: inject('baseUrl'), dataDir: inject('dataDir') }) {
  const email = uniqueEmail(prefix);
  return apiRegisterAndVerify(name, email, GOOD_PASSWORD, (address) => verificationLink(app.dataDir, address), app.baseUrl);
}

/**
 * Stores a session exactly as the login screens do (token, user record, logged-in flag), so a
 * file that is not about logging in starts signed in without going through the form.
 */
async function storeSession(page: Page, entries: Record<string, string>, then: string): Promise<void> {
  // A static file of the origin: no app code starts, so nothing is left loading when we move on.
  await page.goto('/favicon.svg');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  await page.goto(then);
}

/** A guarded page signed in as a new verified listener, on /home (of the run's app, or of `app`, one a file started). */
export async function signedInListener(
  browser: Browser,
  name: string,
  prefix: string,
  { app, ...options }: { bypassCSP?: boolean; app?: { baseUrl: string; dataDir: string } } = {},
) {
  const listener = await verifiedListener(name, prefix, app);
  const login = await apiLogin(listener.email, listener.password, app?.baseUrl);
  const guarded = await guardedPage(browser, app?.baseUrl ?? inject('baseUrl'), options);
  await storeSession(
    guarded.page,
    {
      [STORAGE_KEYS.userAuthToken]: login.authToken,
      [STORAGE_KEYS.user]: JSON.stringify(login.data),
      [STORAGE_KEYS.isUserLoggedIn]: 'true',
    },
    '/home',
  );
  // The restored session asks for its media cookie before the shell shows: covers and audio need it.
  await waitUntil(async () => (await guarded.page.context().cookies()).some((c) => c.name === 'samaa_media'), Boolean, 'the media cookie of the restored session', 30_000);
  return { guarded, listener, userId: login.data._id };
}

/** Reads the local storage keys of SPEC §3. */
export function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), Object.values(STORAGE_KEYS));
}

/** Polls `read` until `accept` holds (Playwright-core has no web-first assertions). */
export async function waitUntil<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

/**
 * For a file whose tests are steps of one journey: once a step fails, the later steps are
 * skipped rather than failing in a cascade on a page left in the wrong place.
 */
export function stopJourneyOnFailure(): void {
  let failed = false;
  beforeEach((ctx) => {
    if (failed) ctx.skip();
  });
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') failed = true;
  });
}

/**
 * Where playback is, as the now-playing bar tells it (its progress bar's text, "0:12 of 0:29",
 * updated every second): the title and the elapsed time, which change while something plays.
 */
/** The focused element's name as a listener hears it: its aria-label, else its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') || el?.textContent?.trim() || '';
  });
}

export async function nowPlaying(page: Page): Promise<{ title: string; elapsed: number; playing: boolean }> {
  const bar = page.getByTestId('now-playing');
  const text = (await bar.getByRole('progressbar').getAttribute('aria-valuetext')) ?? '';
  const [minutes, seconds] = text.split(' of ')[0]!.split(':').map(Number);
  return {
    title: await bar.locator('.now-playing__title').innerText(),
    elapsed: (minutes ?? 0) * 60 + (seconds ?? 0),
    playing: (await bar.getByTestId('nowplaying-play').getAttribute('aria-label')) === 'Pause',
  };
}

/** Plays the first song of Home's list (the player opens); returns its name. */
export async function playFirstSong(page: Page): Promise<string> {
  const list = page.getByRole('list', { name: 'All songs' });
  const first = (await list.locator('.song-row__name').first().textContent())!;
  await list.getByRole('button', { name: `Play ${first}` }).click();
  await page.waitForURL('**/player');
  return first;
}
