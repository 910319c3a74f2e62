import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../harness/browser.js';
import { expectNoProblems, signedInListener } from '../harness/journey.js';

/** A phone app's view of Samaa: the Subsonic API with a key made in the Apps panel. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function subsonic(method: string, params: Record<string, string | string[]>, init?: RequestInit) {
  const query = new URLSearchParams({ v: '1.16.1', c: 'e2e', f: 'json' });
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) query.append(key, v);
  return fetch(`${inject('baseUrl')}/rest/${method}?${query}`, init);
}

async function subsonicJson(method: string, params: Record<string, string | string[]>) {
  const res = await subsonic(method, params);
  return ((await res.json()) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
}

describe('Subsonic apps', () => {
  it('a key made in the Apps panel lets an app build a playlist and like a song that the web shows', async () => {
    const { guarded, listener } = await signedInListener(browser, 'Phone Listener', 'apps');
    const { page } = guarded;
    await page.getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();
    expect(await page.locator('.apps__details code').first().textContent()).toBe(new URL(inject('baseUrl')).origin);
    await page.getByText(listener.email).waitFor();
    await page.getByText('No API keys yet.').waitFor();

    await page.getByLabel('Key name').fill('Phone');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^samaa_/);
    await page.getByRole('list', { name: 'Your API keys' }).getByText('Phone').waitFor();
    await screenshot(page, 'listener-apps');

    // An app's default sign-in: the email and the key as the password, sent as a salted token.
    const salt = 'e2e-salt';
    const tokenSignIn = { u: listener.email, t: createHash('md5').update(key + salt).digest('hex'), s: salt };
    expect((await subsonicJson('ping', tokenSignIn)).status).toBe('ok');

    const songs = (await subsonicJson('getRandomSongs', { apiKey: key, size: '2' })).randomSongs as { song: { id: string; title: string }[] };
    expect(songs.song).toHaveLength(2);
    const created = await subsonicJson('createPlaylist', { apiKey: key, name: 'From my phone', songId: songs.song.map((s) => s.id) });
    expect(created.status).toBe('ok');
    expect((await subsonicJson('star', { apiKey: key, id: songs.song[0]!.id })).status).toBe('ok');
    const range = await subsonic('stream', { apiKey: key, id: songs.song[0]!.id }, { headers: { Range: 'bytes=0-1023' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(1024);

    await page.getByRole('link', { name: 'Library' }).click();
    const card = page.getByRole('article', { name: 'From my phone', exact: true });
    await card.waitFor();
    expect(await card.locator('.pcard__count').textContent()).toBe('2 songs');
    await page.getByRole('link', { name: 'Liked Songs' }).click();
    await page.getByRole('heading', { name: 'Liked Songs', exact: true }).waitFor();
    await page.getByText(songs.song[0]!.title, { exact: true }).first().waitFor();

    await page.getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('button', { name: 'Revoke Phone' }).click();
    await page.getByText('No API keys yet.').waitFor();
    expect(((await subsonicJson('ping', { apiKey: key })).error as { code: number }).code).toBe(44);
    expect(((await subsonicJson('ping', tokenSignIn)).error as { code: number }).code).toBe(41);
    expectNoProblems(guarded);
  });
});
