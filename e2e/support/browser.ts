import type { Page } from '@playwright/test';

/** Marks the landing page's one-time animations as already seen, for tests about something else. */
export async function skipLandingAnimations(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('hasSeenAnimation', 'true');
    localStorage.setItem('launchCelebrationShown', 'true');
  });
}

/** From the next page on, records every text the page shows as it appears (a toast may come and go). */
export async function recordShownTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __seen: seen });
    new MutationObserver((records) => {
      for (const r of records) for (const n of Array.from(r.addedNodes)) seen.push(n.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Every text recorded by recordShownTexts on this page, one per line. */
export function shownTexts(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
}
