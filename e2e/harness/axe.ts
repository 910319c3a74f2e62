import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.js';

/**
 * Once the page is idle: a screenshot (`a11y-<name>`), then axe's WCAG 2.1 A/AA audit. Returns
 * the serious and critical violations, one line each with where they are.
 */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, `a11y-${name}`);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}
