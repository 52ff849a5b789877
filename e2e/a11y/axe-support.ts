import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

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
 * Repaints the page in a theme as the app applies one (lib/theme.tsx: the class and color-scheme
 * on <html>; every colour is a CSS variable of that class), with transitions held so nothing is
 * measured halfway. Only the toaster reads the theme in React, and no check runs with a toast.
 */
async function paintTheme(page: Page, theme: Theme) {
  await page.evaluate((next) => {
    const root = document.documentElement;
    let hold = document.getElementById('axe-hold-transitions');
    if (!hold) {
      hold = document.createElement('style');
      hold.id = 'axe-hold-transitions';
      hold.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(hold);
    }
    root.classList.remove('dark', 'light');
    root.classList.add(next);
    root.style.colorScheme = next;
    getComputedStyle(root).color;
  }, theme);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
};

/**
 * Runs axe-core in the page itself, loaded once per document: Omnia's screens have no frames, and
 * loading axe again for every check (as @axe-core/playwright does) took longer than the check.
 * Evaluated through the browser's protocol, the script is not subject to the page's CSP.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    axeOptions,
  );
}

async function analyze(page: Page, screen: string, theme: Theme) {
  const results = await runAxe(page);
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

/**
 * Runs axe on the page (WCAG 2.x A and AA plus best practices) in the theme it shows, then in the
 * other one, and fails on any serious or critical violation, printing each one's id, summary and
 * targets. The page is left in the theme it showed. One page state, both themes: a screen reached
 * through a long flow (sign-up, a registered app, a consent) is reached once.
 */
export async function expectAccessible(page: Page, screen: string) {
  await expect(page.locator('html')).toHaveClass(/\b(dark|light)\b/);
  const shown: Theme = await page.evaluate(() =>
    document.documentElement.classList.contains('light') ? 'light' : 'dark',
  );
  // Let the page settle: fonts, lazily loaded chunks, in-flight queries.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
  await analyze(page, screen, shown);
  const other: Theme = shown === 'dark' ? 'light' : 'dark';
  await paintTheme(page, other);
  try {
    await analyze(page, screen, other);
  } finally {
    await paintTheme(page, shown);
    await page.evaluate(() => document.getElementById('axe-hold-transitions')?.remove());
  }
}
