import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { guardedPage, launchBrowser, type GuardedPage } from '../harness/browser.js';

/**
 * The journey guard itself: a request the page's own navigation cancelled is not a problem, while a
 * request that fails on its own, or that the page aborts without moving on, still is. A small
 * server of the test's own answers `/slow` never (until the test ends), `/later` when the test
 * says, and `/gone` by dropping the connection, so each case is made on purpose rather than by
 * chance.
 */
let browser: Browser;
let server: http.Server;
let baseUrl: string;
const held: http.ServerResponse[] = [];
const PAGE = '<!doctype html><title>guard</title><p>page</p>';
let later: http.ServerResponse | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow')) return void held.push(res);
    if (req.url === '/gone') return void req.socket.destroy();
    if (req.url === '/later') return void (later = res);
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await browser?.close();
});

async function pageWithSlowRequest(): Promise<GuardedPage> {
  const guarded = await guardedPage(browser, baseUrl);
  await guarded.page.goto('/');
  const started = guarded.page.waitForRequest('**/slow*');
  await guarded.page.evaluate(() => {
    const w = window as unknown as { slow: AbortController };
    w.slow = new AbortController();
    fetch('/slow', { signal: w.slow.signal }).catch(() => undefined);
  });
  await started;
  return guarded;
}

async function failureOf(guarded: GuardedPage): Promise<void> {
  await guarded.page.waitForEvent('requestfailed');
}

describe('the journey guard', () => {
  it('lets the page leave with a request in flight (a load or a reload)', async () => {
    const guarded = await pageWithSlowRequest();
    const failed = failureOf(guarded);
    await guarded.page.reload();
    await failed;
    expect(guarded.problems).toEqual([]);
    await guarded.close();
  });

  it('lets a new document cancel what the outgoing one asked for while it was on its way', async () => {
    const guarded = await guardedPage(browser, baseUrl);
    const { page } = guarded;
    await page.goto('/');
    const asked = page.waitForRequest('**/later');
    const started = page.waitForRequest('**/slow*');
    // The old document still runs while the new one is on its way, and asks for more.
    await page.evaluate(() => {
      setTimeout(() => void fetch('/slow?late').catch(() => undefined), 200);
      location.href = '/later';
    });
    await asked;
    await started;
    const failed = failureOf(guarded);
    later!.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    await failed;
    await page.waitForURL('**/later');
    expect(guarded.problems).toEqual([]);
    await guarded.close();
  });

  it('lets a route change cancel the requests of the screen it leaves', async () => {
    const guarded = await pageWithSlowRequest();
    const failed = failureOf(guarded);
    await guarded.page.evaluate(() => {
      history.pushState({}, '', '/next');
      (window as unknown as { slow: AbortController }).slow.abort();
    });
    await failed;
    expect(guarded.problems).toEqual([]);
    await guarded.close();
  });

  it('counts a request the page aborts while staying where it is', async () => {
    const guarded = await pageWithSlowRequest();
    const failed = failureOf(guarded);
    await guarded.page.evaluate(() => (window as unknown as { slow: AbortController }).slow.abort());
    await failed;
    expect(guarded.problems).toEqual([`request failed: GET ${baseUrl}/slow net::ERR_ABORTED`]);
    await guarded.close();
  });

  it('counts a request the server drops', async () => {
    const guarded = await guardedPage(browser, baseUrl);
    await guarded.page.goto('/');
    const failed = failureOf(guarded);
    await guarded.page.evaluate(() => fetch('/gone').catch(() => undefined));
    await failed;
    expect(guarded.problems.some((p) => p.startsWith(`request failed: GET ${baseUrl}/gone net::ERR_`))).toBe(true);
    await guarded.close();
  });
});
