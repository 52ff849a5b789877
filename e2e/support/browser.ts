import type { Page } from '@playwright/test';

/** Marks the landing page's one-time animations as already seen, for tests about something else. */
export async function skipLandingAnimations(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('hasSeenAnimation', 'true');
    localStorage.setItem('launchCelebrationShown', 'true');
  });
}
