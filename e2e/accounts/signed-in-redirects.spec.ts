import { expect, test } from '@playwright/test';
import { onboardedUser, PASSWORD, uniqueEmail } from '../support/accounts';
import { recordShownTexts, shownTexts } from '../support/browser';

test('a signed-in person opening /login or /signup goes to the dashboard; a returnTo is still honoured', async ({
  page,
}) => {
  await onboardedUser(page, 'redirect');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  }
  // The sign-in page's own target stays: a screen of the app, or the OAuth engine (a full page load,
  // as when an authorization sent the person to sign in).
  // The path, not the whole address: '/login?returnTo=/settings' itself ends in '/settings'.
  const path = () => new URL(page.url()).pathname;
  await page.goto('/login?returnTo=/settings');
  await expect.poll(path).toBe('/settings');
  await page.goto('/login?returnTo=/oauth2/jwks');
  await expect.poll(path).toBe('/oauth2/jwks');
  await expect(page.locator('body')).toContainText('"keys"');
});

test("signing in to an unverified account goes to the block page without 'Signed in successfully!'", async ({
  page,
}) => {
  await recordShownTexts(page);
  const email = uniqueEmail('unverified');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);

  // The block page's 'Sign in' link, then the right password of the unverified account.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);
  await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  await expect(page.locator('main strong')).toHaveText(email);
  await page.waitForTimeout(1500);
  const seen = await shownTexts(page);
  expect(seen).not.toContain('Signed in successfully!');
  expect(seen).not.toContain('Signed in!');
  await expect(page).toHaveURL(/\/auth\/verification-required$/);

  // The onboarding steps wait for the address too: verification comes first (SPEC's onboarding),
  // and their form could only fail (every username would read as taken).
  for (const path of ['/signup/identity', '/signup/setup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\/verification-required$/);
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  }

  // Signed out again, a wrong password is still refused with its message, and nothing moves.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not the password 1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
