import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCROBBLE_MESSAGES } from '@samaa/shared';
import { launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';
import { LISTENBRAINZ_E2E } from '../harness/fakes.js';
import { expectNoProblems, signedInListener, stopJourneyOnFailure, waitUntil } from '../harness/journey.js';
import { apiLogin } from '../harness/session.js';

/**
 * Scrobbling: a listener connects ListenBrainz on the Scrobbling page with a token the fake
 * knows, plays a song in Chromium, and the fake receives "now playing" at the start and the
 * listen once half the song has played.
 */
let browser: Browser;
let guarded: GuardedPage;
let page: Page;

const SONG = { name: 'Scrobble Road', artist: 'The Wire Format', album: 'Fake Listens' };

interface FakeListens {
  payload: { count: number; listens: { listened_at?: number; track_metadata: { track_name: string; artist_name: string; release_name?: string } }[] };
}

async function fromListenBrainz(what: 'listens' | 'playing-now'): Promise<FakeListens['payload']> {
  const res = await fetch(`${inject('listenBrainzUrl')}/1/user/${LISTENBRAINZ_E2E.userName}/${what}`);
  return ((await res.json()) as FakeListens).payload;
}

beforeAll(async () => {
  const base = inject('baseUrl');
  const admin = await apiLogin(inject('admin').email, inject('admin').password);
  const songs = ((await (await fetch(`${base}/api/songs`)).json()) as { data: { img: string; song: string }[] }).data;
  // A demo song's audio (about 22 s) under a catalogue length of 40 s: songs under 30 s are never
  // scrobbled, and the player counts a listen at half of what it plays.
  const created = await fetch(`${base}/api/songs`, {
    method: 'POST',
    headers: { 'x-auth-token': admin.authToken, 'content-type': 'application/json' },
    body: JSON.stringify({ ...SONG, img: songs[0]!.img, song: songs[0]!.song, duration: 40 }),
  });
  if (created.status !== 201) throw new Error(`song not created: ${created.status} ${await created.text()}`);
  browser = await launchBrowser();
  ({ guarded } = await signedInListener(browser, 'Scrobbling Sam', 'scrobbler'));
  page = guarded.page;
});
afterAll(async () => {
  await guarded?.close();
  await browser?.close();
});

describe.sequential('scrobbling to ListenBrainz', () => {
  stopJourneyOnFailure();

  it('connects ListenBrainz on the Scrobbling page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: SCROBBLE_MESSAGES.title }).click();
    await page.getByRole('heading', { name: SCROBBLE_MESSAGES.title }).waitFor();
    const lb = page.getByRole('region', { name: 'ListenBrainz' });
    await lb.getByLabel('ListenBrainz user token').fill(LISTENBRAINZ_E2E.token);
    await lb.getByRole('button', { name: 'Connect ListenBrainz' }).click();
    await lb.getByText(LISTENBRAINZ_E2E.userName).waitFor();
    await page.getByRole('status').getByText(SCROBBLE_MESSAGES.listenBrainzConnected).waitFor();
    await screenshot(page, 'scrobbling-connected');
    expect(await page.content()).not.toContain(LISTENBRAINZ_E2E.token);
    expectNoProblems(guarded);
  });

  it('a song played past half its length reaches ListenBrainz: now playing, then one listen', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Search' });
    await panel.getByRole('searchbox', { name: 'Search songs' }).fill(SONG.name);
    await panel.getByRole('button', { name: 'Search' }).click();
    const results = panel.getByRole('region', { name: 'Matching songs' });
    const started = Math.floor(Date.now() / 1000);
    await results.getByRole('button', { name: `Play ${SONG.name}` }).first().click();
    await page.waitForURL('**/player');

    const playing = await waitUntil(() => fromListenBrainz('playing-now'), (p) => p.count === 1, 'now playing at ListenBrainz');
    expect(playing.listens[0]!.track_metadata).toMatchObject({ track_name: SONG.name, artist_name: SONG.artist, release_name: SONG.album });
    expect((await fromListenBrainz('listens')).count).toBe(0);

    const listens = await waitUntil(() => fromListenBrainz('listens'), (p) => p.count === 1, 'the listen at ListenBrainz', 40_000);
    expect(listens.listens[0]!.track_metadata).toMatchObject({ track_name: SONG.name, artist_name: SONG.artist });
    // Dated from when the song started, not from when it was counted.
    expect(Math.abs(listens.listens[0]!.listened_at! - started)).toBeLessThanOrEqual(5);
    await screenshot(page, 'scrobbling-listened');
    expectNoProblems(guarded);
  });
});
