import { expect, type Page, test } from '@playwright/test';

// What an attacker would like Omnia's own page to say: the link is theirs to write.
const SPOOF = 'Your Omnia account is locked. Call +1 555 0100 and give your password to unlock it.';

const UNAVAILABLE = 'This app isn’t available. Contact its developer.';
const NOT_REVIEWED =
  'This app isn’t available yet: Omnia hasn’t reviewed it, so only its developer can use it. Contact its developer.';
const BAD_LINK =
  'The app sent you here with a link that is incomplete or wrong. Go back to the app and try again; if it happens again, contact its developer.';

/**
 * The page speaks to people (`plain`); the protocol's text waits under 'Technical details'. Without
 * `plain`, the text speaks to people already and shows as it is.
 */
async function expectErrorPage(page: Page, text: string, plain?: string) {
  await expect(page.getByRole('heading', { name: 'Authorization Request' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authorization Error' })).toBeVisible();
  if (plain) {
    await expect(page.getByText(plain, { exact: true })).toBeVisible();
    await expect(page.getByText(text, { exact: true })).toBeHidden();
    await page.getByText('Technical details').click();
  }
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  // Nowhere on the page, not even in part.
  await expect(page.locator('body')).not.toContainText('Omnia account is locked');
  await expect(page.locator('body')).not.toContainText('555 0100');
}

test.describe('the authorization error page shows catalogue texts only', () => {
  test('an unknown code with a spoofed description reads as an invalid request', async ({ page }) => {
    await page.goto(
      `/oauth2/consent/error?${new URLSearchParams({ error: 'unknown_code', error_description: SPOOF })}`,
    );
    await expectErrorPage(page, 'Invalid authorization request', BAD_LINK);
  });

  test('a known code shows its own text, and still not the description', async ({ page }) => {
    await page.goto(
      `/oauth2/consent/error?${new URLSearchParams({ error: 'pending_client', error_description: SPOOF })}`,
    );
    await expectErrorPage(
      page,
      'This application is pending approval and can only be authorized by its developer',
      NOT_REVIEWED,
    );
    await expect(page.getByText('Error code: pending_client')).toBeVisible();
  });

  test('each known code shows its text; no code is an invalid request', async ({ page }) => {
    const cases: [string, string, string | undefined][] = [
      [
        'invalid_client',
        'Invalid client_id: no approved application is registered with this ID',
        UNAVAILABLE,
      ],
      [
        'invalid_redirect_uri',
        'Invalid redirect_uri: it is not registered for this application',
        UNAVAILABLE,
      ],
      ['missing_client_id', 'Missing client_id parameter', BAD_LINK],
      [
        'expired',
        'This authorization request has expired. Please start again from the application.',
        undefined,
      ],
      ['', 'Invalid authorization request', BAD_LINK],
      ['__proto__', 'Invalid authorization request', BAD_LINK],
    ];
    for (const [code, text, plain] of cases) {
      await page.goto(
        `/oauth2/consent/error?error=${encodeURIComponent(code)}&error_description=${encodeURIComponent(SPOOF)}`,
      );
      await expectErrorPage(page, text, plain);
    }
    await page.goto(`/oauth2/consent/error?error_description=${encodeURIComponent(SPOOF)}`);
    await expectErrorPage(page, 'Invalid authorization request', BAD_LINK);
  });
});
