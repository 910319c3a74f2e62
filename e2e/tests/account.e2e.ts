import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PASSWORD_MESSAGES } from '@samaa/shared';
import { guardedPage, launchBrowser, screenshot } from '../harness/browser.js';
import { expectNoProblems, GOOD_PASSWORD, signedInListener, verifiedListener } from '../harness/journey.js';
import { passwordResetLink } from '../harness/mail.js';
import { apiLogin } from '../harness/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = 'Chang3d!pass';

describe('passwords', () => {
  it('a signed-in listener changes their password from the sidebar', async () => {
    const { guarded, listener } = await signedInListener(browser, 'Pass Changer', 'change');
    const { page } = guarded;
    await page.getByRole('link', { name: PASSWORD_MESSAGES.changeTitle }).click();
    await page.getByRole('heading', { name: PASSWORD_MESSAGES.changeTitle }).waitFor();
    await page.getByLabel(PASSWORD_MESSAGES.currentLabel, { exact: true }).fill(listener.password);
    await page.getByLabel(PASSWORD_MESSAGES.newLabel, { exact: true }).fill('short');
    await page.getByLabel(PASSWORD_MESSAGES.confirmLabel).fill('short');
    await page.getByRole('button', { name: PASSWORD_MESSAGES.save }).click();
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'account-change-password-rules');
    await page.getByLabel(PASSWORD_MESSAGES.newLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(PASSWORD_MESSAGES.confirmLabel).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: PASSWORD_MESSAGES.save }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain(PASSWORD_MESSAGES.changed);
    await screenshot(page, 'account-change-password-done');
    // This session goes on; the new password logs in.
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByText(/All songs/).waitFor();
    await expect(apiLogin(listener.email, NEW_PASSWORD)).resolves.toMatchObject({ authToken: expect.any(String) });
    expectNoProblems(guarded);
    await guarded.close();
  });

  it('a listener who forgot it gets a mailed link, sets a new one and logs in with it', async () => {
    const listener = await verifiedListener('Forgetful', 'forgot');
    const guarded = await guardedPage(browser, inject('baseUrl'));
    const { page } = guarded;
    await page.goto('/userlogin');
    await page.getByRole('link', { name: PASSWORD_MESSAGES.forgotLink }).click();
    // The login form has an Email field too: fill the one of the page that replaced it.
    await page.getByRole('heading', { name: PASSWORD_MESSAGES.forgotTitle }).waitFor();
    await page.getByLabel('Email').fill(listener.email);
    await page.getByRole('button', { name: PASSWORD_MESSAGES.sendLink }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain(PASSWORD_MESSAGES.resetRequested);
    await screenshot(page, 'account-forgot-password');

    const link = new URL(await passwordResetLink(inject('dataDir'), listener.email));
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: PASSWORD_MESSAGES.resetTitle }).waitFor();
    await page.getByLabel(PASSWORD_MESSAGES.newLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(PASSWORD_MESSAGES.confirmLabel).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: PASSWORD_MESSAGES.save }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain(PASSWORD_MESSAGES.resetDone);
    await screenshot(page, 'account-reset-password');

    await page.getByRole('link', { name: PASSWORD_MESSAGES.backToLogin }).click();
    await page.getByRole('heading', { name: 'User Login' }).waitFor();
    await page.getByLabel('Email').fill(listener.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/home');
    expect(listener.password).toBe(GOOD_PASSWORD);
    expectNoProblems(guarded);
    await guarded.close();
  });
});
