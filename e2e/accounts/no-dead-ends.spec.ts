import { expect, test } from '@playwright/test';
import { onboardedUser, uniqueEmail } from '../support/accounts';
import { skipLandingAnimations } from '../support/browser';
import { mailedLink } from '../support/mail';

test('the verification-required page opened on its own asks for the address and resends to it', async ({
  page,
}) => {
  const email = uniqueEmail('newtab');
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'plum orchard lantern' },
  });
  expect(signup.status()).toBe(201);
  // A new tab (no navigation state, no session): the address is asked for, not left blank.
  await page.goto('/auth/verification-required');
  const resend = page.getByRole('button', { name: 'Resend verification email' });
  await expect(page.getByText('Which address did you sign up with?')).toBeVisible();
  await expect(resend).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(
    page.getByText('Verification email resent successfully. Please check your inbox.'),
  ).toBeVisible();
  // Two mails now: the sign-up's and the resent one.
  expect(await mailedLink(email, '/auth/callback', 15_000, 2)).toContain('/auth/callback?token=');
});

test('reached by IP address, the site offers no passkey buttons (the browser would refuse them)', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
});

test('signed in, the landing page offers the Dashboard and the account menu, not Login', async ({ page }) => {
  await onboardedUser(page, 'landing');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await skipLandingAnimations(page);
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
