import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { onboardedUser, PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

const NEW_PASSWORD = 'a brand new secret 9';

async function finishSetup(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('Edit Profile opens /profile in edit mode; saved changes show on the profile and dashboard', async ({
  page,
}) => {
  await onboardedUser(page, 'editor');
  await finishSetup(page);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  // Bad input: the SPEC message, nothing stored.
  await page.getByLabel('Full Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('About Me').fill('Compilers and nanoseconds.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('Compilers and nanoseconds.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Compilers and nanoseconds.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
});

test('sign out, forgot password, the mailed reset link, then login with the new password only', async ({
  page,
}) => {
  const { email } = await onboardedUser(page, 'forgetful');
  await finishSetup(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const link = await mailedLink(email, '/auth/reset-password');
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once: opened again, the page says so at once.
  await page.goto(link);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link has already been used.' }),
  ).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('repeated bad passwords lock the account and the message says when to try again', async ({ page }) => {
  const email = uniqueEmail('locked');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  const login = page.getByRole('button', { name: 'Login' });
  for (let i = 0; i < 5; i++) {
    await login.click();
    await expect(page.getByText('Invalid email or password').last()).toBeVisible();
    await expect(login).toBeEnabled();
  }
  await login.click();
  await expect(
    page.getByText(/Too many attempts\. Please try again in \d+ minutes?\./).first(),
  ).toBeVisible();
});

test('a reset sent before the page restored the session still signs this browser out', async ({ page }) => {
  const { email } = await onboardedUser(page, 'hasty');
  await finishSetup(page);
  await page.request.post('/api/auth/forgot-password', {
    data: { email },
    headers: { Origin: E2E_BASE_URL },
  });
  const link = await mailedLink(email, '/auth/reset-password');

  // The page's first refresh reaches the server (the session rotates) but its answer arrives only
  // after the reset has ended every session, as on a slow network.
  const resetAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/reset-password');
  let restoreServed = () => {};
  const restoreReachedServer = new Promise<void>((resolve) => {
    restoreServed = resolve;
  });
  let held = false;
  await page.route('**/api/auth/refresh', async (route) => {
    if (held) return route.continue();
    held = true;
    const answer = await route.fetch();
    restoreServed();
    await resetAnswered;
    await route.fulfill({ response: answer });
  });
  await page.goto(link);
  await restoreReachedServer;
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  // Signed out: the sign-in form stays, it does not forward a dead session to the dashboard.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
