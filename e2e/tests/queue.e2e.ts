import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { expectNoProblems, focusedName, nowPlaying, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';

/**
 * The listener's queue: Play next and Add to queue from a song's menu, the Queue panel (reorder,
 * remove, clear), the queue and position after a reload, the same queue seen by a Subsonic app
 * (both ways), and the keyboard shortcuts.
 */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;
let token: string;
let apiKey: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const session = await signedInListener(browser, 'Queue Listener', 'queue');
  guarded = session.guarded;
  page = guarded.page;
  token = (await page.evaluate(() => localStorage.getItem('userAuthToken'))) ?? '';
  const created = await fetch(`${inject('baseUrl')}/api/account/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ name: 'Phone' }),
  });
  apiKey = ((await created.json()) as { data: { key: string } }).data.key;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});
stopJourneyOnFailure();

async function subsonicQueue(): Promise<{ ids: string[]; current?: string; position?: number }> {
  const query = new URLSearchParams({ v: '1.16.1', c: 'phone', f: 'json', apiKey });
  const res = await fetch(`${inject('baseUrl')}/rest/getPlayQueue?${query}`);
  const body = (await res.json()) as { 'subsonic-response': { playQueue?: { entry?: { id: string }[]; current?: string; position?: number } } };
  const queue = body['subsonic-response'].playQueue;
  return { ids: (queue?.entry ?? []).map((e) => e.id), current: queue?.current, position: queue?.position };
}

/** The browser's queue as it keeps it in localStorage (ids, current index). */
const localQueue = () =>
  page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('samaa.player.session') ?? '{}') as { tracks?: { id: string }[]; index?: number };
    return { ids: (saved.tracks ?? []).map((t) => t.id), index: saved.index ?? -1 };
  });

const panel = () => page.getByRole('dialog', { name: 'Queue' });
const panelNames = () => panel().locator('.player-queue__name').allInnerTexts();

async function serious(name: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** Opens a song row's "⋯" menu on Home and picks an item. */
async function fromSongMenu(song: string, item: string) {
  await page.getByRole('button', { name: `More options for ${song}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

let songs: string[] = [];

/** The answer to the next save of the queue the page sends to the server (a PUT of /api/play-queue). */
function nextQueueSave(timeoutMs = 15_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('request', onRequest);
      reject(new Error('timed out waiting for the queue to be saved on the server'));
    }, timeoutMs);
    const onRequest = (request: Request) => {
      if (request.method() !== 'PUT' || new URL(request.url()).pathname !== '/api/play-queue') return;
      page.off('request', onRequest);
      void request.response().then((response) => {
        clearTimeout(timer);
        if (response?.ok()) resolve();
        else reject(new Error(`the queue save answered ${response?.status() ?? 'nothing'}`));
      }, reject);
    };
    page.on('request', onRequest);
  });
}

describe('the queue', () => {
  it('Play next goes right after the playing song, Add to queue at the end, each announced', async () => {
    const list = page.getByRole('list', { name: 'All songs' });
    await list.locator('.song-row__name').nth(3).waitFor();
    songs = await list.locator('.song-row__name').allInnerTexts();
    await list.getByRole('button', { name: `Play ${songs[0]}` }).click();
    await page.waitForURL('**/player');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await list.locator('.song-row__name').first().waitFor();

    await fromSongMenu(songs[2]!, 'Add to queue');
    await waitUntil(() => page.getByTestId('queue-status').innerText(), (t) => t === 'Added to queue', 'the Added to queue notice');
    await screenshot(page, 'queue-added-notice');
    await fromSongMenu(songs[3]!, 'Play next');
    await waitUntil(() => page.getByTestId('queue-status').innerText(), (t) => t === 'Playing next', 'the Playing next notice');

    const { ids } = await localQueue();
    const queued = await waitUntil(localQueue, (q) => q.ids.length === ids.length, 'the queue saved');
    expect(queued.index).toBe(0);
    await page.getByTestId('nowplaying-queue').click();
    await panel().waitFor();
    const names = await panelNames();
    expect(names[0]).toBe(songs[0]);
    expect(names[1]).toBe(songs[3]);
    expect(names.at(-1)).toBe(songs[2]);
    expectNoProblems(guarded);
  });

  it('the Queue panel reorders (buttons and keyboard drag), removes, and has no serious axe violations', async () => {
    const before = await panelNames();
    const row = (i: number) => panel().locator('li.queue-row').nth(i);
    await row(1).getByRole('button', { name: `Move ${before[1]} down` }).click();
    await waitUntil(panelNames, (n) => n[2] === before[1] && n[1] === before[2], 'the move down');
    // Focus stays on the moved row's button.
    expect(await focusedName(page)).toBe(`Move ${before[1]} down`);

    // Drag with the keyboard: Space lifts the row, ↑ moves it, Space drops it. Each key waits for
    // the one before to take effect: the drag starts listening for the keys in a timer it sets as
    // the row lifts (timers of the same delay run in order, so one set after it runs after it),
    // and the drop lands where the row was last moved to.
    const moved = (await panelNames())[2]!;
    const handle = row(2).getByRole('button', { name: `Drag ${moved}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await waitUntil(() => handle.getAttribute('aria-pressed'), (pressed) => pressed === 'true', 'the row to be lifted');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowUp');
    await waitUntil(
      () => row(2).evaluate((li) => new DOMMatrixReadOnly(getComputedStyle(li).transform).m42),
      (shiftedBy) => shiftedBy < 0,
      'the lifted row to move up',
    );
    await page.keyboard.press('Space');
    await waitUntil(panelNames, (n) => n[1] === moved, 'the keyboard drag');

    const names = await panelNames();
    await row(names.length - 1).getByRole('button', { name: `Remove ${names.at(-1)} from the queue` }).click();
    await waitUntil(panelNames, (n) => n.length === names.length - 1, 'the removal');
    await screenshot(page, 'queue-panel');
    expect(await serious('queue panel')).toEqual([]);

    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    // The dialog gives the focus back just after it leaves the page.
    await waitUntil(() => focusedName(page), (name) => name === 'Queue', 'focus back on the Queue button');
    expectNoProblems(guarded);
  });

  it('the queue saved in the browser is what a Subsonic app reads', async () => {
    const local = await localQueue();
    const fromApp = await waitUntil(subsonicQueue, (q) => q.ids.join() === local.ids.join(), 'the server queue to match the browser', 15_000);
    expect(fromApp.current).toBe(local.ids[local.index]);
  });

  it('queue and position survive a reload; Play resumes from the position', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Player' }).click();
    const seek = page.getByRole('slider', { name: 'Seek' });
    await waitUntil(() => seek.getAttribute('aria-valuemax'), (max) => Number(max) > 12, 'the duration');
    await page.getByRole('heading', { level: 1 }).click();
    if ((await nowPlaying(page)).playing) await page.keyboard.press('Space');
    await waitUntil(() => nowPlaying(page), (s) => !s.playing, 'a pause');
    await seek.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowRight');
    const saved = await waitUntil(async () => Number(await seek.getAttribute('aria-valuenow')), (v) => v >= 9, 'the seek to about 10 s');
    const before = await localQueue();
    await waitUntil(
      () => page.evaluate(() => Number(localStorage.getItem('samaa.player.position'))),
      (kept) => Math.abs(kept - saved) <= 1,
      'the position kept in the browser',
    );
    await page.reload();

    await waitUntil(async () => Number(await seek.getAttribute('aria-valuenow')), (v) => Math.abs(v - saved) <= 1, 'the position shown after the reload');
    expect((await localQueue()).ids).toEqual(before.ids);
    expect(await page.getByTestId('queue-item').count()).toBe(before.ids.length);
    await screenshot(page, 'queue-after-reload');
    await page.getByTestId('btn-play').click();
    await waitUntil(() => page.getByTestId('btn-play').getAttribute('aria-label'), (l) => l === 'Pause', 'playing');
    const resumed = Number(await seek.getAttribute('aria-valuenow'));
    expect(Math.abs(resumed - saved)).toBeLessThanOrEqual(1);
    const audioAt = await page.evaluate(() => (document.querySelector('[data-testid=player-audio]') as HTMLAudioElement).currentTime);
    expect(audioAt === 0 || Math.abs(audioAt - saved) <= 1.5).toBe(true);
    expectNoProblems(guarded);
  });

  it('the page does not scroll when a song starts; the Queue scrolls itself', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('btn-next').click();
    await page.waitForTimeout(400);
    await page.getByTestId('btn-next').click();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('Space plays and pauses; ? lists the shortcuts', async () => {
    await page.getByRole('heading', { level: 1 }).click();
    const was = (await nowPlaying(page)).playing;
    await page.keyboard.press('Space');
    await waitUntil(() => nowPlaying(page), (s) => s.playing !== was, 'Space to toggle playback');
    await page.keyboard.press('Space');
    await waitUntil(() => nowPlaying(page), (s) => s.playing === was, 'Space to toggle it back');

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await dialog.getByText('Seek back or forward 5 seconds').waitFor();
    await screenshot(page, 'queue-shortcuts');
    expect(await serious('shortcuts dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.keyboard.press('/');
    await page.waitForURL((url) => url.pathname === '/');
    await waitUntil(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), (l) => l === 'Search songs', 'focus in the search box');
    expectNoProblems(guarded);
  });

  it('a queue an app saves later is the one the browser takes on start', async () => {
    const { ids } = await subsonicQueue();
    const phone = [ids[2]!, ids[0]!];
    const query = new URLSearchParams({ v: '1.16.1', c: 'phone', f: 'json', apiKey, current: phone[1]!, position: '4000' });
    for (const id of phone) query.append('id', id);
    await page.getByRole('heading', { level: 1 }).first().click();
    if ((await nowPlaying(page)).playing) {
      // The pause is saved on the server a moment later: it must land before the app's queue,
      // or it would be the newer of the two.
      const pauseSaved = nextQueueSave();
      await page.keyboard.press('Space');
      await pauseSaved;
    }
    const saved = await fetch(`${inject('baseUrl')}/rest/savePlayQueue?${query}`);
    expect(saved.status).toBe(200);
    await page.reload();
    await waitUntil(localQueue, (q) => q.ids.join() === phone.join() && q.index === 1, 'the app’s queue in the browser', 15_000);
    const state = await nowPlaying(page);
    expect(state.playing).toBe(false);
    expectNoProblems(guarded);
  });
});
