import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { guardedPage, launchBrowser, screenshot, type GuardedPage } from '../harness/browser.js';

let browser: Browser;
let guarded: GuardedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<GuardedPage> {
  guarded = await guardedPage(browser, inject('baseUrl'));
  await guarded.page.goto(path);
  return guarded;
}

async function done() {
  const problems = [...guarded.problems];
  await guarded.close();
  expect(problems).toEqual([]);
}

describe('signed-out shell', () => {
  it('shows the sidebar links and the landing page at / and /mainhome', async () => {
    const { page } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Each area's shell is its own chunk: it renders once that chunk has arrived.
    await nav.waitFor();
    for (const name of ['Home', 'Instructions', 'Sign Up', 'User Login', 'Admin Login', 'About']) {
      await expect(nav.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    // The landing's background image may still be loading at 'load'; leaving then aborts it.
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-landing');
    await page.goto('/mainhome');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-mainhome');
    await done();
  });

  it('shows the instructions', async () => {
    const { page } = await open('/instructions');
    await page.getByText(/75%/).first().waitFor();
    await expect(page.getByText(/spam/i).first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-instructions');
    await done();
  });

  it('opens one FAQ row at a time and closes it on a second click', async () => {
    const { page } = await open('/about');
    const rows = page.locator('.faq [aria-expanded]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    await rows.nth(0).click();
    expect(await rows.nth(0).getAttribute('aria-expanded')).toBe('true');
    await rows.nth(2).click();
    expect(await rows.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await rows.nth(2).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'shell-about');
    await rows.nth(2).click();
    expect(await rows.nth(2).getAttribute('aria-expanded')).toBe('false');
    await done();
  });

  it('shows the sign-up and login screens', async () => {
    const { page } = await open('/userregistration');
    await page.getByRole('button', { name: /sign up|register/i }).first().waitFor();
    await screenshot(page, 'shell-signup');
    await page.goto('/userlogin');
    await page.getByRole('button', { name: /log ?in/i }).first().waitFor();
    await screenshot(page, 'shell-userlogin');
    await page.goto('/adminlogin');
    await page.getByRole('button', { name: /log ?in/i }).first().waitFor();
    await screenshot(page, 'shell-adminlogin');
    await done();
  });

  it('says Verification not successful for a bad link', async () => {
    guarded = await guardedPage(browser, inject('baseUrl'));
    guarded.expect(/\/api\/users\/[^/]+\/verify\/.* 400/);
    guarded.expect(/status of 400/);
    await guarded.page.goto('/users/0123456789abcdef01234567/verify/not-a-real-token');
    await guarded.page.getByText('Verification not successful').waitFor();
    await screenshot(guarded.page, 'shell-verify-failed');
    await done();
  });

  it('shows the error image for an unknown route', async () => {
    const { page } = await open('/no/such/page');
    await page.getByTestId('error-image').waitFor();
    await screenshot(page, 'shell-not-found');
    await done();
  });
});
