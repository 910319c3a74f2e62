import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { IMPORT_LABELS, PLAYLIST_PAGE, STORAGE_KEYS, songOptionsLabel, type Playlist, type PlaylistImportResult, type Song } from '@samaa/shared';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, nowPlaying, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * A playlist's own page: opened from its Library card, a song removed from a row's menu, a song
 * moved down from the keyboard (focus staying on its row) and by a mouse drag of its handle, the
 * order kept over a reload, a row played in place, and axe on the page.
 */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let token: string;
let playlistId: string;
let songs: Song[];

stopJourneyOnFailure();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Pia Playlist', 'pia'));
  page = guarded.page;
  await page.getByRole('heading', { name: 'Welcome, Pia Playlist!' }).waitFor();
  token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userAuthToken))!;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

const rows = () => page.getByRole('list', { name: PLAYLIST_PAGE.songs }).locator('.song-row__name').allInnerTexts();
const savedOrder = async () => (await api<{ data: Playlist }>('GET', `/playlists/${playlistId}`)).data.songs.map((song) => song.name);

describe('playlist page journey', () => {
  it('opens a playlist from its Library card', async () => {
    const { data } = await api<{ data: Song[] }>('GET', '/songs');
    songs = data.filter((song) => song.song).slice(0, 4);
    expect(songs).toHaveLength(4);
    playlistId = (await api<{ data: Playlist }>('POST', '/playlists', { name: 'Night drive', desc: 'Roads after dark' })).data._id;
    for (const song of songs) await api('PUT', '/playlists/add-song', { playlistId, songId: song._id });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true }).click();
    const card = page.getByRole('article', { name: 'Night drive' });
    await card.hover();
    await screenshot(page, 'playlist-page-library-card');
    await card.getByRole('link', { name: 'Night drive' }).click();
    await page.waitForURL(`**/playlists/${playlistId}`);
    await page.getByRole('heading', { level: 1, name: 'Night drive' }).waitFor();
    expect(await page.getByText('Roads after dark').isVisible()).toBe(true);
    expect(await page.getByText(/^4 songs · \d+ min$/).isVisible()).toBe(true);
    expect(await rows()).toEqual(songs.map((song) => song.name));
    expect(await page.getByRole('link', { name: 'Review import' }).count()).toBe(0);
    await screenshot(page, 'playlist-page');
    expectNoProblems(guarded);
  });

  it('removes a song from its row menu', async () => {
    const gone = songs[3]!;
    await page.getByRole('button', { name: songOptionsLabel(gone.name) }).click();
    await page.getByRole('menuitem', { name: PLAYLIST_PAGE.removeFromPlaylist }).click();
    await waitUntil(rows, (names) => names.length === 3, 'the row to go');
    await waitUntil(savedOrder, (names) => !names.includes(gone.name) && names.length === 3, 'the removal to be saved');
    expectNoProblems(guarded);
  });

  it('moves a song down from the keyboard, focus staying on its row, and the order survives a reload', async () => {
    const [a, b, c] = songs as [Song, Song, Song];
    await page.getByRole('button', { name: songOptionsLabel(a.name) }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: PLAYLIST_PAGE.moveDown }).waitFor();
    // The first item is focused; Move down is the first of a first row's items.
    await page.keyboard.press('Enter');
    await waitUntil(rows, (names) => names[1] === a.name, 'the row to move down');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await waitUntil(focused, (label) => label === songOptionsLabel(a.name), 'focus on the moved row');
    await screenshot(page, 'playlist-page-moved');
    await waitUntil(savedOrder, (names) => names.join() === [b.name, a.name, c.name].join(), 'the move to be saved');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Night drive' }).waitFor();
    expect(await rows()).toEqual([b.name, a.name, c.name]);
    expectNoProblems(guarded);
  });

  it('moves a song by dragging its handle with the mouse', async () => {
    const [a, b, c] = songs as [Song, Song, Song];
    const handle = page.getByRole('button', { name: PLAYLIST_PAGE.dragHandle(c.name) });
    const target = page.getByRole('button', { name: PLAYLIST_PAGE.dragHandle(b.name) });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past dnd-kit's 4 px activation distance, then onto the first row, in steps as a hand moves.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 12 });
    await page.mouse.up();
    await waitUntil(rows, (names) => names[0] === c.name, 'the dragged row to land first');
    await waitUntil(savedOrder, (names) => names.join() === [c.name, b.name, a.name].join(), 'the drag to be saved');
    expectNoProblems(guarded);
  });

  it('plays from a row in place: the now-playing bar starts, the page stays', async () => {
    const [, b] = songs as [Song, Song];
    await page.getByRole('list', { name: PLAYLIST_PAGE.songs }).getByRole('button', { name: `Play ${b.name}` }).click();
    await waitUntil(() => nowPlaying(page), (s) => s.title === b.name && s.playing, 'the clicked song to play');
    expect(page.url()).toContain(`/playlists/${playlistId}`);
    await screenshot(page, 'playlist-page-playing');
    expectNoProblems(guarded);
  });

  it('creates a playlist from a row\'s add menu with "New playlist…", the song in it', async () => {
    const [, b] = songs as [Song, Song];
    await page.getByRole('button', { name: `Add ${b.name} to a playlist` }).click();
    await page.getByRole('button', { name: PLAYLIST_PAGE.newPlaylist }).click();
    await page.getByRole('textbox', { name: PLAYLIST_PAGE.newPlaylistName }).fill('Late shift');
    await screenshot(page, 'playlist-page-new-playlist');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Added to Late shift' }).waitFor();
    const { data } = await api<{ data: Playlist[] }>('GET', '/playlists/user-playlists');
    expect(data.find((playlist) => playlist.name === 'Late shift')?.songs.map((song) => song._id)).toEqual([b._id]);
    expectNoProblems(guarded);
  });

  it('links an imported playlist to its review, whose search box and picks keep the description\'s count', async () => {
    const [a, b] = songs as [Song, Song];
    const imported = await api<PlaylistImportResult>('POST', '/playlists/import', {
      source: 'spotify',
      spotifyPlaylistId: 'pagejourney1',
      name: 'Imported mix',
      tracks: [
        { title: a.name, artists: [a.artist] },
        { title: 'Nothing Like This Xq', artists: ['Nobody Known'] },
      ],
    });
    const id = imported.playlist._id;
    await page.goto(`/playlists/${id}`);
    await page.getByText('Imported from Spotify: 1 of 2 tracks matched').waitFor();
    await page.getByRole('link', { name: IMPORT_LABELS.review }).click();
    await page.waitForURL(`**/library/import/${id}`);
    await page.getByRole('button', { name: IMPORT_LABELS.searchAnother }).first().click();
    const box = page.getByRole('searchbox', { name: IMPORT_LABELS.searchAnother });
    await box.fill(b.name);
    await page.getByRole('button', { name: IMPORT_LABELS.search, exact: true }).click();
    await page.getByRole('button', { name: IMPORT_LABELS.pick }).first().waitFor();
    await screenshot(page, 'playlist-page-import-search');
    await page.getByRole('button', { name: IMPORT_LABELS.pick }).first().click();
    await waitUntil(
      async () => (await api<{ data: Playlist }>('GET', `/playlists/${id}`)).data.desc,
      (desc) => desc === 'Imported from Spotify: 2 of 2 tracks matched',
      'the description to follow the pick',
    );
    await page.goto(`/playlists/${id}`);
    await page.getByText('Imported from Spotify: 2 of 2 tracks matched').waitFor();
    expectNoProblems(guarded);
  });

  it('has no serious or critical axe violation', async () => {
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(serious).toEqual([]);
    expectNoProblems(guarded);
  });

  it('opens an empty playlist and, after a delete, goes back to the Library', async () => {
    const empty = (await api<{ data: Playlist }>('POST', '/playlists', { name: 'Blank page', desc: '' })).data._id;
    await page.goto(`/playlists/${empty}`);
    await page.getByText(PLAYLIST_PAGE.empty).waitFor();
    await screenshot(page, 'playlist-page-empty');
    await page.getByRole('button', { name: PLAYLIST_PAGE.delete }).click();
    await page.waitForURL('**/library');
    expectNoProblems(guarded);
  });
});
