import { expect, test } from '@playwright/test';
import { askToChangeEmail, onboardedUser, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

test('changing the email: the new address confirms by its link, the old one is told and its link cancels', async ({
  page,
}) => {
  const { email } = await onboardedUser(page, 'mover');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const next = uniqueEmail('moved');
  await askToChangeEmail(page, next);

  // The new address's link opens a page; its button makes the change.
  await page.goto(await mailedLink(next, '/auth/confirm-email'));
  await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page).toHaveURL(/\/settings\?email=changed$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address was changed.' })).toBeVisible();
  await expect(page.getByText(next, { exact: true })).toBeVisible();

  // The old address's link undoes it, signs out everywhere and asks for a new password.
  await page.goto(await mailedLink(email, '/auth/cancel-email-change'));
  await page.getByRole('button', { name: 'Cancel the change and secure my account' }).click();
  await expect(page.getByText(`The change was cancelled. Your account uses ${email} again.`)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm New Password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('confirming before the page has restored the session still lands in Settings', async ({ page }) => {
  await onboardedUser(page, 'quick');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const next = uniqueEmail('quick-moved');
  await askToChangeEmail(page, next);

  // The session comes back from the refresh cookie on load; that first refresh is answered only
  // after the button's confirmation, as a fast click on a slow network would have it.
  let held = false;
  await page.route('**/api/auth/refresh', async (route) => {
    if (held) return route.continue();
    held = true;
    await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/confirm-email');
    await route.continue();
  });
  await page.goto(await mailedLink(next, '/auth/confirm-email'));
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page).toHaveURL(/\/settings\?email=changed$/);
  await expect(page.getByText(next, { exact: true })).toBeVisible();
});
