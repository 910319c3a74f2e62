import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import {
  GOOD_PASSWORD,
  expectNoProblems,
  nowPlaying,
  stopJourneyOnFailure,
  storedKeys,
  uniqueEmail,
  waitUntil,
} from '../harness/journey.js';
import { verificationLink } from '../harness/mail.js';

/**
 * The listener's journey in one browser tab, in order: sign up (validation first), verify from
 * the real mail, log in, like, search, manage a playlist, log out.
 */
const NAME = 'Asha Listener';
const EMAIL = uniqueEmail('asha');
const PLAYLIST = 'Road Songs';
const PLAYLIST_RENAMED = 'Road Songs Live';

let browser: Browser;
let guarded: GuardedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  guarded = await guardedPage(browser, inject('baseUrl'));
  page = guarded.page;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

const nav = () => page.getByRole('navigation', { name: 'Main' });
const goTo = (link: string) => nav().getByRole('link', { name: link, exact: true }).click();
const songList = () => page.getByRole('list', { name: 'All songs' });
const text = (value: string) => page.getByText(value, { exact: true });

async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/** The names of the first songs of the home list, top to bottom. */
async function firstSongNames(count: number): Promise<string[]> {
  const names = songList().locator('.song-row__name');
  await names.first().waitFor();
  return (await names.allTextContents()).slice(0, count);
}

describe.sequential('listener journey', () => {
  stopJourneyOnFailure();

  it('shows every sign-up validation message, then signs up', async () => {
    await page.goto('/userregistration');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const gender = page.getByLabel('Gender', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign Up' });
    await visible(text('Use your original gmail only'));

    await submit.click();
    for (const field of ['Name', 'Email', 'Password', 'Gender']) await visible(text(`${field} is required`));
    await screenshot(page, 'listener-signup-required');

    // Each rule on its own, shown as the listener types (the fields are touched by now).
    const cases: [Locator, string, string][] = [
      [name, 'Ash', 'Name should be at least 4 characters long'],
      [name, 'A'.repeat(21), 'Name should be at most 20 characters long'],
      [email, 'asha-at-example', 'Email should be a valid email address'],
      [password, 'Ab1!xyz', 'Password should be at least 8 characters long'],
      [password, 'Ab1!' + 'x'.repeat(23), 'Password should not be longer than 26 characters'],
      [password, 'ABCDEFG1!', 'Password should contain at least 1 lower-cased letter'],
      [password, 'abcdefg1!', 'Password should contain at least 1 upper-cased letter'],
      [password, 'Abcdefgh!', 'Password should contain at least 1 number'],
      [password, 'Abcdefgh1', 'Password should contain at least 1 symbol'],
    ];
    for (const [input, value, message] of cases) {
      await input.fill(value);
      await visible(text(message));
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    }
    await screenshot(page, 'listener-signup-invalid');

    await name.fill(NAME);
    await email.fill(EMAIL);
    await password.fill(GOOD_PASSWORD);
    await gender.selectOption('female');
    expect(await page.locator('.field__error').count()).toBe(0);
    await submit.click();
    await visible(page.getByRole('status').filter({ hasText: 'An email has been sent to your account, please verify' }));
    expect(await name.inputValue()).toBe('');
    expect(await email.inputValue()).toBe('');
    await screenshot(page, 'listener-signup-success');
    expectNoProblems(guarded);
  });

  it('verifies the email from the real mail and offers Login', async () => {
    const link = await verificationLink(inject('dataDir'), EMAIL);
    expect(new URL(link).origin).toBe(inject('baseUrl'));
    await page.goto(link);
    await page.waitForURL('**/email-verification-success');
    await visible(page.getByRole('heading', { name: 'Email verified successfully' }));
    await screenshot(page, 'listener-verified');
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/userlogin');
    expectNoProblems(guarded);
  });

  it('logs in and shows the welcome line with the name', async () => {
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Email and password are required' }));
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/home');
    await visible(page.getByRole('heading', { name: `Welcome, ${NAME}!` }));
    await visible(page.getByText(`Hi, ${NAME}`));
    await firstSongNames(1);
    const keys = await storedKeys(page);
    expect(keys.isUserLoggedIn).toBe('true');
    expect(keys.userAuthToken).toBeTruthy();
    expect(JSON.parse(keys.user ?? '{}')).toMatchObject({ name: NAME, email: EMAIL, verified: true });
    await screenshot(page, 'listener-home');
    expectNoProblems(guarded);
  });

  it('likes a song, sees it in Liked Songs, then unlikes it', async () => {
    const [song] = await firstSongNames(1);
    const heart = songList().getByRole('button', { name: `Like ${song}` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await waitUntil(() => heart.getAttribute('aria-pressed'), (v) => v === 'true', 'the heart to fill');

    await goTo('Liked Songs');
    const card = page.getByRole('article', { name: song });
    await visible(card);
    await visible(page.getByRole('heading', { name: 'Liked Songs', exact: true }));
    await screenshot(page, 'listener-liked-songs');
    await card.getByRole('button', { name: `Like ${song}` }).click();
    await visible(text('No liked songs found.'));
    expect(await card.count()).toBe(0);
    await screenshot(page, 'listener-liked-songs-empty');

    await goTo('Home');
    const again = songList().getByRole('button', { name: `Like ${song}` });
    await again.waitFor();
    expect(await again.getAttribute('aria-pressed')).toBe('false');
    expectNoProblems(guarded);
  });

  it('searches: results, then No results found.', async () => {
    const [song] = await firstSongNames(1);
    const panel = page.getByRole('complementary', { name: 'Search' });
    const box = panel.getByRole('searchbox', { name: 'Search songs' });
    const button = panel.getByRole('button', { name: 'Search' });
    expect(await button.isDisabled()).toBe(true);

    await box.fill(song!.split(' ')[0]!);
    await button.click();
    const results = panel.getByRole('region', { name: 'Matching songs' });
    await visible(results.getByRole('button', { name: `Play ${song}` }));
    await screenshot(page, 'listener-search-results');

    await box.fill('zz no such song zz');
    await button.click();
    await visible(panel.getByText('No results found.', { exact: true }));
    expect(await results.count()).toBe(0);
    await screenshot(page, 'listener-search-empty');
    expectNoProblems(guarded);
  });

  it('creates a playlist, adds two songs, plays, updates and deletes it', async () => {
    await goTo('Library');
    await visible(page.getByRole('heading', { name: 'Library', exact: true }));
    await visible(text('No playlists found.'));
    await page.getByRole('button', { name: 'Create Playlist' }).click();
    const form = page.getByRole('region', { name: 'Create Playlist' });
    await form.getByLabel('Name').fill(PLAYLIST);
    await form.getByLabel('Description').fill('Songs for the long drive');
    await screenshot(page, 'listener-playlist-create');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(form.getByText('Form submitted successfully!'));
    // The form closes a second later and the list comes back.
    const card = () => page.getByRole('article', { name: PLAYLIST, exact: true });
    await visible(card());
    expect(await card().locator('.pcard__count').textContent()).toBe('0 songs');

    await goTo('Home');
    const songs = await firstSongNames(2);
    for (const song of songs) {
      await songList().getByRole('button', { name: `Add ${song} to a playlist` }).click();
      const picker = page.getByRole('group', { name: `Add ${song} to a playlist` });
      await picker.getByRole('radio', { name: PLAYLIST }).click();
      expect(await picker.getByRole('radio', { name: PLAYLIST }).getAttribute('aria-checked')).toBe('true');
      if (song === songs[0]) await screenshot(page, 'listener-add-to-playlist');
      await picker.getByRole('button', { name: 'Confirm' }).click();
      // This song's own confirmation: the one of the song added before stays beside its row.
      const adder = songList().locator('.add-pl', { has: page.getByRole('button', { name: `Add ${song} to a playlist` }) });
      await visible(adder.getByRole('status').filter({ hasText: `Added to ${PLAYLIST}` }));
    }

    await goTo('Library');
    await visible(card());
    expect(await card().locator('.pcard__count').textContent()).toBe('2 songs');
    await card().hover();
    await screenshot(page, 'listener-library-card');

    await card().getByRole('button', { name: `Play ${PLAYLIST}` }).click();
    await page.waitForURL('**/player');
    const queue = page.getByTestId('queue-item');
    await waitUntil(() => queue.count(), (n) => n === 2, 'a queue of the two songs');
    expect(await queue.allInnerTexts()).toEqual([
      expect.stringContaining(songs[0]!),
      expect.stringContaining(songs[1]!),
    ]);
    await visible(page.locator('.player__title').filter({ hasText: songs[0]! }));
    await waitUntil(async () => (await nowPlaying(page)).elapsed, (t) => t >= 1, 'the playlist to play');
    await screenshot(page, 'listener-playlist-playing');
    await page.getByTestId('btn-play').click(); // pause: the rest of the journey is quiet

    await goTo('Library');
    await card().hover();
    await card().getByRole('button', { name: `Options for ${PLAYLIST}` }).click();
    await page.getByRole('menuitem', { name: 'Update Playlist' }).click();
    const edit = page.getByRole('region', { name: 'Update Playlist' });
    const editName = edit.getByLabel('Name');
    await waitUntil(() => editName.inputValue(), (v) => v === PLAYLIST, 'the edit form to be prefilled');
    expect(await edit.getByLabel('Description').inputValue()).toBe('Songs for the long drive');
    await editName.fill(PLAYLIST_RENAMED);
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(edit.getByText('Playlist updated successfully!'));
    const renamed = page.getByRole('article', { name: PLAYLIST_RENAMED, exact: true });
    await visible(renamed);
    expect(await renamed.locator('.pcard__count').textContent()).toBe('2 songs');

    await renamed.hover();
    await renamed.getByRole('button', { name: `Options for ${PLAYLIST_RENAMED}` }).click();
    await screenshot(page, 'listener-playlist-menu');
    await page.getByRole('menuitem', { name: 'Delete Playlist' }).click();
    await visible(text('No playlists found.'));
    expect(await renamed.count()).toBe(0);
    expectNoProblems(guarded);
  });

  it('logs out and clears the stored session, keeping a queue change made just before', async () => {
    const token = (await storedKeys(page)).userAuthToken!;
    await goTo('Home');
    const third = (await firstSongNames(3))[2]!;
    await page.getByRole('button', { name: `More options for ${third}` }).click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    // Logout before the change's delayed save. The login page is held 3 s: a save still due
    // would leave the old page after the session is gone, and be refused (a 401 in the guard).
    await page.route('**/userlogin', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/userlogin');
    await page.unroute('**/userlogin');
    // The change went as the logout began, with the session still there.
    const kept = (await (await fetch(`${inject('baseUrl')}/api/play-queue`, { headers: { 'x-auth-token': token } })).json()) as {
      data: { songs: { name: string }[] } | null;
    };
    expect(kept.data?.songs.map((song) => song.name)).toContain(third);
    await visible(page.getByRole('heading', { name: 'User Login' }));
    const keys = await storedKeys(page);
    expect(keys).toMatchObject({ user: null, userAuthToken: null, isUserLoggedIn: null });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('samaa_media');
    await page.goto('/home');
    // Signed out: /home is no route of the signed-out shell.
    await visible(page.getByTestId('error-image'));
    expectNoProblems(guarded);
  });
});
