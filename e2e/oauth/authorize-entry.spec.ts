import { expect, type Page, test } from '@playwright/test';
import { skipLandingAnimations } from '../support/browser';

/** A client-side visit (as a Link inside the app would make), which the server never sees. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const cases: [string, string][] = [
  ['/oauth2/authorize', 'Missing client_id parameter'],
  ['/oauth2/consent?redirect_uri=https%3A%2F%2Fa.example%2Fcb&response_type=code', 'Missing client ID'],
  ['/oauth2/authorize?client_id=abc&response_type=code', 'Missing redirect_uri parameter'],
  [
    '/oauth2/consent?client_id=abc&redirect_uri=https%3A%2F%2Fa.example%2Fcb',
    'Missing response_type parameter',
  ],
  [
    '/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fa.example%2Fcb&response_type=token',
    "Invalid response_type: only 'code' is supported",
  ],
];

test.describe('authorization entry inside the app', () => {
  test.beforeEach(async ({ page }) => {
    await skipLandingAnimations(page);
    await page.goto('/');
  });

  for (const [path, message] of cases) {
    test(`${path} shows '${message}' without leaving the app`, async ({ page }) => {
      let left = false;
      // pushState also fires framenavigated, so watch for a real document request instead.
      page.on('request', (r) => {
        if (r.isNavigationRequest() && new URL(r.url()).pathname === '/oauth2/authorize') left = true;
      });
      await navigateInApp(page, path);
      await expect(page.getByRole('heading', { name: 'Authorization Request' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Authorization Error' })).toBeVisible();
      // People read what to do; the protocol's words wait under 'Technical details'.
      await expect(
        page.getByText(/^The app sent you here with a link that is incomplete or wrong\./),
      ).toBeVisible();
      await page.getByText('Technical details').click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
      expect(left).toBe(false);
    });
  }

  test('a complete query is handed to the server engine', async ({ page }) => {
    const query =
      'client_id=abc&redirect_uri=https%3A%2F%2Fa.example%2Fcb&response_type=code&scope=profile&state=s1';
    const handedOff = page.waitForRequest(
      (r) =>
        r.isNavigationRequest() && r.url().includes('/oauth2/authorize?') && r.url().includes('state=s1'),
    );
    await navigateInApp(page, `/oauth2/consent?${query}`);
    expect(new URL((await handedOff).url()).search).toBe(`?${query}`);
    // The engine does not know client 'abc': the hand-off ends on our error page. Waiting for it
    // also keeps the test from ending in the middle of that navigation.
    await expect(page).toHaveURL(/\/oauth2\/consent\/error\?error=invalid_client$/);
    await expect(page.getByText('This app isn’t available. Contact its developer.')).toBeVisible();
  });
});
