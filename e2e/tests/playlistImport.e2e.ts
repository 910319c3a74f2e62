import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { IMPORT_LABELS, STORAGE_KEYS, type Playlist, type Song } from '@samaa/shared';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, nowPlaying, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * Bring your playlists: an Exportify CSV becomes a playlist (catalogue songs, a JioSaavn song
 * from the fake, an uncertain row resolved on the review page), it plays, exports as M3U8, and
 * that file imports back to the same songs.
 */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let token: string;
let picked: Song[];
let firstPlaylistId: string;

stopJourneyOnFailure();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Ivo Import', 'ivo'));
  page = guarded.page;
  await page.getByRole('heading', { name: 'Welcome, Ivo Import!' }).waitFor();
  token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userAuthToken))!;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Three demo songs with titles no other demo song has, so the expected match is unambiguous. */
async function distinctSongs(): Promise<Song[]> {
  const { data } = await apiGet<{ data: Song[] }>('/songs');
  const byName = new Map<string, number>();
  for (const song of data) byName.set(song.name.toLowerCase(), (byName.get(song.name.toLowerCase()) ?? 0) + 1);
  return data.filter((song) => byName.get(song.name.toLowerCase()) === 1 && song.song).slice(0, 4);
}

async function uploadOnLibrary(name: string, content: string, shot?: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('button', { name: IMPORT_LABELS.importPlaylist }).click();
  await page.getByLabel(IMPORT_LABELS.chooseFile).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  // Rows the catalogue lacks are looked for on JioSaavn only when the listener opts in.
  await page.getByRole('checkbox', { name: IMPORT_LABELS.alsoSaavn }).check();
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: IMPORT_LABELS.startImport, exact: true }).click();
  await page.waitForURL('**/library/import/*');
}

const playlistIdOfPage = () => page.url().split('/').pop()!;

describe('playlist import journey', () => {
  it('imports an Exportify CSV and lists its rows on the review page', async () => {
    picked = await distinctSongs();
    expect(picked.length).toBe(4);
    const [a, b, c, d] = picked as [Song, Song, Song, Song];
    const csv = [
      '"Track URI","Track Name","Album Name","Artist Name(s)","Duration (ms)","ISRC"',
      `"spotify:track:1",${csvField(`${a.name} - Remastered 2011`)},"",${csvField(a.artist)},"",""`,
      `"spotify:track:2",${csvField(b.name.toUpperCase())},"",${csvField(`${b.artist}, Someone Else`)},"",""`,
      `"spotify:track:3","Heat Waves","Dreamland","Glass Animals","238805",""`,
      `"spotify:track:4",${csvField(`${c.name} (Live)`)},"",${csvField(c.artist)},"",""`,
      `"spotify:track:5","Song Nobody Has Xq","","Nobody Known","",""`,
      `"spotify:track:6",${csvField(d.name)},"",${csvField(d.artist)},"",""`,
    ].join('\r\n');
    await uploadOnLibrary('Summer Mix.csv', `\uFEFF${csv}\r\n`, 'playlist-import-library');
    firstPlaylistId = playlistIdOfPage();
    await page.getByRole('heading', { name: IMPORT_LABELS.reviewTitle('Summer Mix') }).waitFor();
    const counts = page.getByLabel('Counts');
    expect(await counts.innerText()).toMatch(/Matched 4.*Uncertain 1.*Missing 1.*Dropped 0.*of 6/s);
    expectNoProblems(guarded);
  });

  it('resolves the uncertain row by picking a candidate', async () => {
    const c = picked[2]!;
    const row = page.getByRole('listitem', { name: new RegExp(`^Row 4:`) });
    await row.getByRole('button', { name: IMPORT_LABELS.pick }).first().waitFor();
    await screenshot(page, 'playlist-import-uncertain');
    await row.getByRole('listitem').filter({ hasText: `${c.name} — ${c.artist}` }).getByRole('button', { name: IMPORT_LABELS.pick }).click();
    await waitUntil(() => page.getByLabel('Counts').innerText(), (t) => /Matched 5/.test(t), 'the row to count as matched');
    await page.getByRole('button', { name: /All rows/ }).click();
    await page.getByRole('listitem', { name: /^Row 3:/ }).getByText(/JioSaavn/).waitFor();
    await screenshot(page, 'playlist-import-review');
    const { data } = await apiGet<{ data: Playlist }>(`/playlists/${firstPlaylistId}`);
    expect(data.songs.map((s) => s._id)).toEqual([picked[0]!._id, picked[1]!._id, c._id, picked[3]!._id]);
    expect(data.saavnTracks?.map((t) => [t.at, t.name])).toEqual([[2, 'Heat Waves']]);
    expectNoProblems(guarded);
  });

  it('plays the imported playlist, its JioSaavn song in its place', async () => {
    await page.locator('.import-review__buttons').getByRole('button', { name: IMPORT_LABELS.play, exact: true }).click();
    await page.waitForURL('**/player');
    const title = () => page.locator('.player__title').innerText();
    await waitUntil(title, (t) => t === picked[0]!.name, 'the first imported song in the player');
    await waitUntil(async () => (await nowPlaying(page)).elapsed, (t) => t >= 1, 'the song to play');
    const queue = await page.locator('.queue__item, [data-testid="queue-item"]').allInnerTexts().catch(() => []);
    if (queue.length > 0) expect(queue.join('\n')).toContain('Heat Waves');
    await page.getByTestId('btn-play').click();
    expectNoProblems(guarded);
  });

  it('exports the playlist as M3U8, and that file imports back to the same songs', async () => {
    await page.goto(`/library/import/${firstPlaylistId}`);
    await page.getByRole('heading', { name: IMPORT_LABELS.reviewTitle('Summer Mix') }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: IMPORT_LABELS.exportM3u8 }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Summer Mix.m3u8');
    const m3u8 = fs.readFileSync((await download.path())!, 'utf8');
    expect(m3u8.startsWith('#EXTM3U\n#PLAYLIST:Summer Mix\n')).toBe(true);
    expect(m3u8).toContain('Glass Animals - Heat Waves');

    await uploadOnLibrary('Summer Mix.m3u8', m3u8);
    await page.getByRole('heading', { name: IMPORT_LABELS.reviewTitle('Summer Mix') }).waitFor();
    expect(await page.getByLabel('Counts').innerText()).toMatch(/Matched 5.*Uncertain 0.*Missing 0.*of 5/s);
    const again = await apiGet<{ data: Playlist }>(`/playlists/${playlistIdOfPage()}`);
    const first = await apiGet<{ data: Playlist }>(`/playlists/${firstPlaylistId}`);
    expect(again.data.songs.map((s) => s._id)).toEqual(first.data.songs.map((s) => s._id));
    expect(again.data.saavnTracks).toEqual(first.data.saavnTracks);
    await screenshot(page, 'playlist-import-reimported');
    expectNoProblems(guarded);
  });
});
