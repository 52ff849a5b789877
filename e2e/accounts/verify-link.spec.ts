import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

// The verification link signs in only the browser that signed up. Sent to someone else (the
// login CSRF: an attacker's own link opened by a victim), it verifies that address and stops at
// the sign-in page.
test('the verification link opened in another browser shows the notice on the sign-in page and signs nobody in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);
  const link = await mailedLink(email, '/api/auth/verify');

  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await tab.goto(link);
    await expect(tab).toHaveURL(/\/login\?verified=1$/);
    await expect(tab.getByRole('status')).toHaveText('Your email address is verified. Sign in to continue.');
    await expect(tab.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    // Not signed in: no session cookie, and a protected page sends it back to sign in.
    expect((await other.cookies()).map((c) => c.name)).not.toContain('omnia_refresh');
    await tab.goto('/dashboard');
    await expect(tab).toHaveURL(/\/login/);
    await expect(tab.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(tab.getByRole('status')).toHaveCount(0);

    // The owner signs in there with the password; the address is verified, so onboarding goes on.
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByRole('button', { name: 'Login' }).click();
    await expect(tab).toHaveURL(/\/signup\/identity$/, { timeout: 10_000 });
  } finally {
    await other.close();
  }

  // The link is used: the sign-up browser gets the invalid-link message, not a session.
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
});
