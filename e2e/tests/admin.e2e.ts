import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, stopJourneyOnFailure, storedKeys, verifiedListener, waitUntil } from '../harness/journey.js';
import { writeTaggedMp3 } from '../harness/mp3.js';

/** The admin area: refused for a listener, then songs (real MP3 upload), users and analytics. */
const TITLE = 'Harbour Lights E2E';
const ARTIST = 'The Test Pressings';
const EDITED = 'Harbour Lights (edit)';

let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let listener: { name: string; email: string; password: string };
let mp3: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  listener = await verifiedListener('Lena Listener', 'lena');
  guarded = await guardedPage(browser, inject('baseUrl'));
  page = guarded.page;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
  if (mp3) fs.rmSync(path.dirname(mp3), { recursive: true, force: true });
});

const goTo = (link: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
const row = (text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function logIn(email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** GET on our API with the admin token the page holds. */
async function adminApi<T>(path: string): Promise<T> {
  const { adminAuthToken } = await storedKeys(page);
  const res = await fetch(`${inject('baseUrl')}${path}`, { headers: { 'x-auth-token': adminAuthToken ?? '' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe.sequential('admin area', () => {
  stopJourneyOnFailure();

  it('refuses a listener with the exact message and stores nothing', async () => {
    await page.goto('/adminlogin');
    await logIn(listener.email, listener.password);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('You are not authorized to log in as admin');
    expect(new URL(page.url()).pathname).toBe('/adminlogin');
    expect(await storedKeys(page)).toMatchObject({ adminAuthToken: null, isAdminLoggedIn: null, userAuthToken: null });
    await screenshot(page, 'admin-login-refused');
    expectNoProblems(guarded);
  });

  it('logs the admin in', async () => {
    const admin = inject('admin');
    await page.goto('/adminlogin');
    await logIn(admin.email, admin.password);
    await page.waitForURL('**/adminhome');
    await page.getByRole('heading', { name: 'Welcome Admin!' }).waitFor();
    expect(await page.getByText('ADMIN SPACE').isVisible()).toBe(true);
    expect(await page.getByText('Hello! ADMIN').isVisible()).toBe(true);
    const keys = await storedKeys(page);
    expect(keys.isAdminLoggedIn).toBe('true');
    expect(keys.adminAuthToken).toBeTruthy();
    await screenshot(page, 'admin-home');
    expectNoProblems(guarded);
  });

  it('adds a song with a real MP3 uploaded through the form, edits it and deletes it', async () => {
    await goTo('Songs');
    await page.getByRole('heading', { name: 'Songs', exact: true }).waitFor();
    await page.getByRole('table').waitFor();
    await screenshot(page, 'admin-songs');
    await page.getByRole('button', { name: 'Add Song', exact: true }).click();

    const panel = page.getByRole('dialog', { name: 'Add Song' });
    mp3 = writeTaggedMp3(TITLE, ARTIST);
    await panel.getByLabel('Song (audio file)').setInputFiles(mp3);
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await waitUntil(() => panel.getByRole('status').first().innerText(), (t) => t === '100%', 'the upload to reach 100%');
    await panel.getByRole('img', { name: 'Uploaded' }).waitFor();
    // The title, the artist and the cover come from the file's ID3 tag.
    await waitUntil(() => panel.getByLabel('Name').inputValue(), (v) => v === TITLE, 'the title to be prefilled');
    expect(await panel.getByLabel('Artist').inputValue()).toBe(ARTIST);
    await panel.getByRole('img', { name: `Cover of ${TITLE}` }).waitFor();
    expect(await panel.getByText(/^Audio: .*e2e-upload\.mp3 · 0:06$/).isVisible()).toBe(true);
    await screenshot(page, 'admin-song-uploaded');

    await panel.getByRole('button', { name: 'Add Song', exact: true }).click();
    await panel.getByText('Form submitted successfully!').waitFor();
    await panel.waitFor({ state: 'detached' });
    const added = row(TITLE);
    await added.waitFor();
    expect(await added.getByRole('cell', { name: ARTIST, exact: true }).count()).toBe(1);
    // The stored file is served back as audio to this session (its media cookie), to no one signed out.
    const src = new URL((await added.locator('audio').getAttribute('src')) ?? '', inject('baseUrl')).href;
    const media = await page.request.get(src);
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toMatch(/^audio\/mpeg/);
    expect((await fetch(src)).status).toBe(401);
    await screenshot(page, 'admin-song-added');

    await added.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Song' });
    expect(await edit.getByLabel('Name').inputValue()).toBe(TITLE);
    await edit.getByLabel('Name').fill(EDITED);
    await edit.getByRole('button', { name: 'Update Song' }).click();
    await edit.getByText('Song updated successfully!').waitFor();
    await edit.waitFor({ state: 'detached' });
    await row(EDITED).waitFor();
    expect(await row(TITLE).count()).toBe(0);

    await row(EDITED).getByRole('button', { name: `Delete ${EDITED}` }).click();
    const confirm = page.getByRole('group', { name: `Confirm deleting ${EDITED}` });
    await screenshot(page, 'admin-song-confirm-delete');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await row(EDITED).waitFor({ state: 'detached' });
    expectNoProblems(guarded);
  });

  it('lists the users and deletes one after confirming', async () => {
    await goTo('Users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    const lena = row(listener.email);
    await lena.waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Gender', 'Verified', 'Created At', 'Actions']);
    expect(await lena.getByRole('cell').allTextContents()).toEqual([
      listener.name,
      listener.email,
      'Female',
      'Yes',
      expect.stringMatching(/\d/),
      'Delete',
    ]);
    // The admin cannot delete their own account.
    expect(await row(inject('admin').email).getByRole('button', { name: /^Delete / }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-users');

    await lena.getByRole('button', { name: `Delete ${listener.name}` }).click();
    const confirm = page.getByRole('group', { name: `Confirm deleting ${listener.name}` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await lena.getByRole('button', { name: `Delete ${listener.name}` }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await lena.waitFor({ state: 'detached' });
    const users = await adminApi<{ email: string }[]>('/api/users');
    expect(users.map((u) => u.email)).not.toContain(listener.email);
    expectNoProblems(guarded);
  });

  it('shows the analytics figures', async () => {
    await goTo('Analytics');
    await page.getByRole('heading', { name: 'Analytics Page' }).waitFor();
    const figures = page.locator('.stats__item');
    await figures.first().waitFor();
    const shown = Object.fromEntries(
      await figures.evaluateAll((items) =>
        items.map((item) => [item.querySelector('dt')?.textContent ?? '', Number(item.querySelector('dd')?.textContent?.replace(/,/g, ''))]),
      ),
    );
    const users = await adminApi<{ verified: boolean }[]>('/api/users');
    const songs = (await (await fetch(`${inject('baseUrl')}/api/songs`)).json()) as { data: unknown[] };
    expect(shown).toMatchObject({
      Users: users.length,
      'Verified users': users.filter((u) => u.verified).length,
      Songs: songs.data.length,
    });
    expect(shown.Playlists).toBeGreaterThanOrEqual(0);
    expect(shown['Total likes']).toBeGreaterThanOrEqual(0);
    await page.getByRole('heading', { name: 'Sign-ups per day' }).waitFor();
    await screenshot(page, 'admin-analytics');
    expectNoProblems(guarded);
  });

  it('logs out and clears the admin session', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/adminlogin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await storedKeys(page)).toMatchObject({ adminAuthToken: null, user: null, isAdminLoggedIn: null });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('samaa_media');
    expectNoProblems(guarded);
  });
});
