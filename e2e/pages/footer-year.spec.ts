import { expect, test } from '@playwright/test';

// The public screens are pre-rendered at build time with the build's year in the footer. A visitor
// whose clock is in a later year (any visit in the years after a build) must get today's year and
// a clean hydration: no React error in the console.

const buildYear = new Date().getFullYear();

test('a visit in a later year than the build: the footer says that year, and hydration stays clean', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await page.clock.setFixedTime(new Date(`${buildYear + 2}-03-01T12:00:00Z`));
  await page.goto('/');
  // The pre-rendered text is the build's; once the page's script runs it is the visitor's year.
  // Hydration is the wait here: about 2 s on an idle machine, and past the default 10 s once on CI
  // while the other worker's browser and the server's password hashing shared the two cores.
  await expect(page.getByText(`© ${buildYear + 2} Omnia. All rights reserved.`)).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
