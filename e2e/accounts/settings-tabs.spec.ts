import { expect, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

test("the dashboard's Manage Account and Privacy Settings open their Settings tab; the tab lives in the URL", async ({
  page,
}) => {
  await onboardedUser(page, 'tabs');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Privacy Settings' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=security$/);
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=account$/);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Manage Account' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=account$/);
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
});
