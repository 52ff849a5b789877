import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y/axe-support';
import { onboardedUser, PASSWORD } from '../support/accounts';

/**
 * The bell: a real notification centre. A new account has nothing unread (its first
 * sign-in is never a new device, and sign-up writes no notice), so no dot; a security change lights
 * it; opening a notice or 'Mark all as read' marks it read on the server, so a reload keeps it read.
 */
const NEW_PASSWORD = 'amber canyon whistle frost';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function toDashboard(page: Page, prefix: string) {
  const account = await onboardedUser(page, prefix);
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const dotOf = (page: Page) => page.getByTestId('unread-dot');

test('no dot for a new account; a password change lights it; opening the notice marks it read, also after a reload', async ({
  page,
}) => {
  await toDashboard(page, 'bell');
  const bell = bellOf(page);
  const panel = panelOf(page);

  // Opened from the keyboard: labelled, empty, and Escape gives focus back to the bell.
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('You have no notifications.');
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(dotOf(page)).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();

  await page.goto('/settings?tab=security');
  await page.getByRole('button', { name: 'Change Password' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog).toHaveCount(0);

  // The dot appears without a reload, and the bell's name says how many.
  await expect(dotOf(page)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await bell.click();
  const notices = panel.getByTestId('notification');
  await expect(notices).toHaveCount(1);
  await expect(notices.first()).toContainText('Password changed');
  await expect(notices.first()).toContainText('Your other sessions were signed out.');
  await expect(notices.first()).toHaveAttribute('data-unread', 'true');
  // The app's one style for times in lists: 'Nov 24, 2026, 9:05 PM'.
  const year = String(new Date().getFullYear());
  await expect(notices.first().locator('time')).toHaveText(
    new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, ${year}, \\d{1,2}:\\d{2}\\s?[AP]M$`),
  );
  // The open panel passes axe, in both themes.
  await expectAccessible(page, 'notification panel');

  // Opening it leads to Settings → Security and marks it read.
  await notices.first().click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\?tab=security$/);
  await expect(dotOf(page)).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');

  // Kept on the server: after a reload it is listed, read, and there is no dot.
  await page.reload();
  await bellOf(page).click();
  await expect(panel.getByTestId('notification')).toHaveCount(1);
  await expect(panel.getByTestId('notification').first()).not.toHaveAttribute('data-unread');
  await expect(dotOf(page)).toHaveCount(0);
});

test('a sign-in from another browser is a notice; Mark all as read clears the dot for good', async ({
  page,
  browser,
}) => {
  const { email } = await toDashboard(page, 'bellall');

  const other = await browser.newContext({ userAgent: FIREFOX });
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByLabel('Email').fill(email);
  await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await second.getByRole('button', { name: 'Login' }).click();
  await expect(second).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await other.close();

  // The first browser learns of it when it reads the list again (here: a reload).
  await page.reload();
  await expect(dotOf(page)).toBeVisible();
  await bellOf(page).click();
  const panel = panelOf(page);
  const notice = panel.getByTestId('notification').first();
  await expect(notice).toContainText('New sign-in to your account');
  await expect(notice).toContainText('From Firefox on Linux');

  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(dotOf(page)).toHaveCount(0);
  await expect(notice).not.toHaveAttribute('data-unread');
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

  await page.reload();
  await bellOf(page).click();
  await expect(panelOf(page).getByTestId('notification')).toHaveCount(1);
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await expect(dotOf(page)).toHaveCount(0);
});
