import { expect, type Page, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

// A signed-out visitor's console stays quiet (no failed session refresh, no router warning), and
// every page has exactly one <main> landmark.

/** Every console error or warning, uncaught error and failed request of the page, as it happens. */
function listenForNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') noise.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => noise.push(`uncaught: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) noise.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return noise;
}

const mainCount = (page: Page) => page.locator('main').count();

test.describe('a signed-out visitor', () => {
  // The first visit, with the landing's intro and launch celebration, as a new visitor sees it.
  test.use({ reducedMotion: 'no-preference' });
  for (const [path, heading] of [
    ['/', /.+/],
    ['/login', 'Welcome Back'],
    ['/signup', 'Create Your Account'],
  ] as const) {
    test(`${path}: no console error or warning, no failed request`, async ({ page }) => {
      const noise = listenForNoise(page);
      // The app asks for a session on start; its answer (204: none) is what could go wrong.
      const sessionAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      expect((await sessionAsked).status()).toBe(204);
      await page.waitForLoadState('networkidle');
      expect(noise).toEqual([]);
      expect(await mainCount(page)).toBe(1);
    });
  }

  test('moving between public screens stays quiet too', async ({ page }) => {
    const noise = listenForNoise(page);
    await page.goto('/login');
    // Moving between screens of the running app (hydrated), not between pre-rendered pages.
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.waitForLoadState('networkidle');
    expect(noise).toEqual([]);
  });

  test('one <main> on every public screen', async ({ page }) => {
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/verification-required',
      '/dev-program/oauth2',
      '/dev-program/oauth2/new',
      '/oauth2/consent/error?error=expired',
      '/voge',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await mainCount(page), path).toBe(1);
    }
  });
});

test('one <main> on the signed-in screens', async ({ page }) => {
  test.setTimeout(90_000);
  await onboardedUser(page, 'landmarks');
  expect(await mainCount(page), '/signup/setup').toBe(1);
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of [
    '/dashboard',
    '/settings',
    '/settings?tab=security',
    '/profile',
    '/signup/identity',
    '/sokuwe',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await mainCount(page), path).toBe(1);
  }
});
