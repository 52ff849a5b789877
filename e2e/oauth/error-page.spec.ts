import { expect, type Page, test } from '@playwright/test';

// What an attacker would like Omnia's own page to say: the link is theirs to write.
const SPOOF = 'Your Omnia account is locked. Call +1 555 0100 and give your password to unlock it.';

async function expectErrorPage(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: 'Authorization Request' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authorization Error' })).toBeVisible();
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
    await expectErrorPage(page, 'Invalid authorization request');
  });

  test('a known code shows its own text, and still not the description', async ({ page }) => {
    await page.goto(
      `/oauth2/consent/error?${new URLSearchParams({ error: 'pending_client', error_description: SPOOF })}`,
    );
    await expectErrorPage(
      page,
      'This application is pending approval and can only be authorized by its developer',
    );
  });

  test('each known code shows its text; no code is an invalid request', async ({ page }) => {
    const cases: [string, string][] = [
      ['invalid_redirect_uri', 'Invalid redirect_uri: it is not registered for this application'],
      ['missing_client_id', 'Missing client_id parameter'],
      ['expired', 'This authorization request has expired. Please start again from the application.'],
      ['', 'Invalid authorization request'],
      ['__proto__', 'Invalid authorization request'],
    ];
    for (const [code, text] of cases) {
      await page.goto(
        `/oauth2/consent/error?error=${encodeURIComponent(code)}&error_description=${encodeURIComponent(SPOOF)}`,
      );
      await expectErrorPage(page, text);
    }
    await page.goto(`/oauth2/consent/error?error_description=${encodeURIComponent(SPOOF)}`);
    await expectErrorPage(page, 'Invalid authorization request');
  });
});
