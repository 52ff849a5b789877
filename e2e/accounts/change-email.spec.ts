import { expect, test } from '@playwright/test';
import { onboardedUser, PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

test('changing the email: the new address confirms by its link, the old one is told and its link cancels', async ({
  page,
}) => {
  const { email } = await onboardedUser(page, 'mover');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const next = uniqueEmail('moved');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByLabel('New email address').fill(next);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`Check ${next} for a link to confirm the change.`)).toBeVisible();

  // The new address's link makes the change.
  await page.goto(await mailedLink(next, '/api/auth/confirm-email'));
  await expect(page).toHaveURL(/\/settings\?email=changed$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address was changed.' })).toBeVisible();
  await expect(page.getByText(next, { exact: true })).toBeVisible();

  // The old address's link undoes it and signs out everywhere.
  await page.goto(await mailedLink(email, '/api/auth/cancel-email-change'));
  await expect(page).toHaveURL(/\/login\?email=kept$/);
  await expect(page.getByText('The change of your email address was cancelled')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});
