import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Frame, type Page, type Request } from 'playwright-core';
import { REPO_ROOT } from './app.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.join(REPO_ROOT, 'artifacts', 'e2e');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface GuardedPage {
  page: Page;
  context: BrowserContext;
  /** Problems seen so far: page errors, console errors, failed requests not expected. */
  problems: string[];
  /** Requests matching these may fail (or answer 4xx/5xx) without being a problem. */
  expect(pattern: RegExp): void;
  close(): Promise<void>;
}

/**
 * A page that records every uncaught page error, console error and failed request. Tests call
 * `expectNoProblems(guarded)` at the end, so anything unexpected fails them.
 */
export async function guardedPage(browser: Browser, baseUrl: string, { bypassCSP = false } = {}): Promise<GuardedPage> {
  // bypassCSP only for the audio tap (harness/audioTap.ts), whose worklet the CSP would refuse.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, bypassCSP });
  const page = await context.newPage();
  // Fail fast: every step of a journey is quick, and a stuck one should not eat the run's budget.
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  const expected: RegExp[] = [];
  const isExpected = (text: string) => expected.some((re) => re.test(text));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // The player's handover recorder must load under the app's real CSP.
    if (msg.type() === 'warning' && msg.text().startsWith('No element tap')) problems.push(`console warning: ${msg.text()}`);
    if (msg.type() !== 'error') return;
    const text = `${msg.text()} ${msg.location().url ?? ''}`;
    if (!isExpected(text)) problems.push(`console error: ${text}`);
  });
  const navigation = navigationEpochs(page);
  page.on('requestfailed', (req) => {
    const text = `${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`;
    if (req.failure()?.errorText === 'net::ERR_ABORTED') {
      // Media elements abort range requests when they seek or switch tracks: not a failure.
      if (/\/media\/|\.mp3/.test(req.url())) return;
      // The page's own navigation (a load, a reload, a route change) cancelled it: not a failure.
      if (navigation.abortedByNavigation(req)) return;
    }
    if (!isExpected(text)) problems.push(`request failed: ${text}`);
  });
  page.on('response', (res) => {
    if (res.status() < 400) return;
    const text = `${res.request().method()} ${res.url()} ${res.status()}`;
    if (!isExpected(text)) problems.push(`HTTP ${text}`);
  });
  return {
    page,
    context,
    problems,
    expect: (pattern) => expected.push(pattern),
    close: () => context.close(),
  };
}

/**
 * Tells which aborted requests the page's own navigation cancelled. Every main-frame navigation
 * (a request for a new document, a commit, a same-document route change) starts a new epoch; a
 * request that started in an earlier epoch than the current one was in flight when the page moved
 * on, so its abort is the page's doing. So is the abort of a request the outgoing document made
 * while a new one was on its way (after its request, before its commit): Chromium cancels it at
 * the commit, and may report that before the commit itself. A request aborted within its own epoch
 * (nothing navigated) is still a problem, and so is every other failure: a refused connection, a
 * reset, an HTTP error.
 */
function navigationEpochs(page: Page) {
  let epoch = 0;
  let documentOnItsWay = false;
  const startedIn = new WeakMap<Request, { epoch: number; beforeCommit: boolean }>();
  const isMainFrame = (frame: Frame) => frame === page.mainFrame();
  page.on('request', (req) => {
    const navigation = req.isNavigationRequest() && isMainFrame(req.frame());
    // A new document's own request belongs to the epoch it opens.
    if (navigation) epoch += 1;
    startedIn.set(req, { epoch, beforeCommit: documentOnItsWay && !navigation });
    if (navigation) documentOnItsWay = true;
  });
  page.on('framenavigated', (frame) => {
    if (!isMainFrame(frame)) return;
    epoch += 1;
    documentOnItsWay = false;
  });
  // A document that never arrives (refused, aborted) leaves the outgoing one in place.
  page.on('requestfailed', (req) => {
    if (req.isNavigationRequest() && isMainFrame(req.frame())) documentOnItsWay = false;
  });
  return {
    abortedByNavigation: (req: Request) => {
      const started = startedIn.get(req);
      return started !== undefined && (started.epoch < epoch || started.beforeCommit);
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
