import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

/**
 * Script payloads typed into names, bios, app names and descriptions render as text on every screen
 * that shows them, and never run.
 */
const PAYLOAD = `<img src=x onerror="window.__xss=1">`;
const SCRIPT = `<script>window.__xss=1</script>`;

async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test('payloads in a profile and an application show as text on dashboard, settings, developer pages and consent', async ({
  page,
}) => {
  await onboardedUser(page, 'xss');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Name and bio with payloads, through the real editor.
  await page.goto('/profile?edit=1');
  await page.getByLabel('Full Name').fill(PAYLOAD);
  await page.getByLabel('About Me').fill(SCRIPT);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${PAYLOAD}`)).toBeVisible();
  await expect(page.getByTestId('profile-card')).toContainText(SCRIPT);
  await expectNoScriptRan(page);

  await page.goto('/settings');
  await expect(page.getByText(PAYLOAD).first()).toBeVisible();
  await expectNoScriptRan(page);

  // An application named and described with payloads.
  await page.goto('/dev-program/oauth2/new');
  await page.getByLabel('Application Name').fill(PAYLOAD);
  await page.getByLabel(/Description/).fill(SCRIPT);
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('https://xss.example/cb');
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
  await page.goto('/dev-program/oauth2');
  const card = page.getByTestId('client-card').first();
  await expect(card).toContainText(PAYLOAD);
  await expect(card).toContainText(SCRIPT);
  await expectNoScriptRan(page);
  const clientId = await card.locator('dd.font-mono').first().getAttribute('title');

  // The consent card of its own (pending) app, as its developer may test it.
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const q = new URLSearchParams({
    client_id: clientId ?? '',
    redirect_uri: 'https://xss.example/cb',
    response_type: 'code',
    scope: 'openid profile',
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  await page.goto(`/oauth2/authorize?${q}`);
  await expect(page.getByRole('heading', { name: PAYLOAD })).toBeVisible();
  await expect(page.getByText(SCRIPT)).toBeVisible();
  await expectNoScriptRan(page);
});

test('the page policy allows no inline script and no eval', async ({ request }) => {
  const res = await request.get('/');
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
