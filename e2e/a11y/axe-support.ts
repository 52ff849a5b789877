import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Theme = 'dark' | 'light';
export const THEMES: Theme[] = ['dark', 'light'];

/**
 * The stored choice the app reads before first paint (public screens follow it); null leaves it to
 * the app (signed-in screens follow the user's preference). The landing animations count as seen.
 */
export async function storeTheme(page: Page, theme: Theme | null) {
  await page.addInitScript((value) => {
    if (value) localStorage.setItem('omnia-theme', value);
    localStorage.setItem('hasSeenAnimation', 'true');
    localStorage.setItem('launchCelebrationShown', 'true');
  }, theme);
}

/**
 * Runs axe on the page (WCAG 2.x A and AA plus best practices) and fails on any serious or
 * critical violation, printing each one's id, summary and targets.
 */
export async function expectAccessible(page: Page, screen: string, theme: Theme) {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // Let the page settle: fonts, lazily loaded chunks, in-flight queries.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
  // In the page itself: Omnia's screens have no frames, and the default mode opens a page of its
  // own per check to join frames' results, a quarter of each check's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(bad.length, `${screen} (${theme}) has serious or critical axe violations:\n${report}`).toBe(0);
}
