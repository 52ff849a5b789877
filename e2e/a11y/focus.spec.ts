import { expect, type Page, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';
import { storeTheme } from './axe-support';
import { tabTo } from './keys';

const activeIs = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

test.describe('focus management', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    page = await context.newPage();
    await storeTheme(page, 'dark');
    await onboardedUser(page, 'focus');
    await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('a client-side route change focuses the main heading and announces it; the first load does not', async () => {
    // The first load, in a page of its own whose clock the test runs: past the 5 s a route change
    // may wait for its heading (RouteFocus), focus is still where a page load leaves it.
    const firstLoad = await page.context().newPage();
    await firstLoad.clock.install();
    await firstLoad.goto('/settings');
    await expect(firstLoad.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await firstLoad.clock.runFor(6_000);
    expect(await activeIs(firstLoad, 'h1')).toBe(false);
    await expect(firstLoad.getByTestId('route-announcer')).toHaveText('');
    await firstLoad.close();

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Welcome, / });
    await expect(heading).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText(/^Welcome, /);

    // Back through the history: focus follows too.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText('Settings');
  });

  test('the skip link is the first Tab stop and moves focus to the main content', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    expect(await activeIs(page, 'main')).toBe(true);
    // The next Tab lands inside the main content, past the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('the Change Password dialog traps focus and gives it back to its trigger', async () => {
    await page.goto('/settings');
    const securityTab = page.getByRole('tab', { name: 'Security' });
    // Tabs are one Tab stop (the selected tab); the arrows move between them.
    await tabTo(page, page.getByRole('tab', { name: 'Account' }));
    await page.keyboard.press('ArrowRight');
    await expect(securityTab).toBeFocused();
    await expect(securityTab).toHaveAttribute('aria-selected', 'true');
    const trigger = page.getByRole('button', { name: 'Change Password' }).first();
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName('Change Password');
    // Focus starts inside and stays inside, forwards and backwards.
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await inDialog()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('field errors are linked to their inputs and announced', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Change Password' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New Password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: /Update Password|Change Password/ }).click();
    const field = dialog.getByLabel('New Password', { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Password must be at least 8 characters');
    await page.keyboard.press('Escape');
  });

  test('app registration errors are linked to their fields', async () => {
    await page.goto('/dev-program/oauth2/new');
    // The form renders after the page's chunk and the session load: untick only once it is there
    // (before, an empty list of boxes was 'all unticked', and profile, ticked by default, stayed).
    await expect(page.getByRole('group', { name: 'Scopes' }).getByRole('checkbox').first()).toBeVisible();
    // Scopes only ('Require PKCE' is a checkbox too); untick the first until none is left.
    const ticked = page.getByRole('group', { name: 'Scopes' }).getByRole('checkbox', { checked: true });
    while ((await ticked.count()) > 0) await ticked.first().click();
    await expect(ticked).toHaveCount(0);
    await page.getByRole('button', { name: 'Register Application' }).click();
    const name = page.getByLabel('Application Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Application name is required');
    await expect(page.getByLabel('Redirect URI 1', { exact: true })).toHaveAccessibleDescription(
      'At least one redirect URI is required',
    );
    await expect(page.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'At least one scope is required',
    );
  });
});

test('sign-up errors: aria-invalid, aria-describedby to the message, in an alert', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await email.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  const message = page.locator(`[id="${describedBy}"]`);
  await expect(message).toHaveText('Email is invalid');
  await expect(message).toHaveAttribute('role', 'alert');
  await expect(email).toHaveAccessibleDescription('Email is invalid');
  // Fixed input: no longer invalid or described by an error.
  await email.fill('someone@example.test');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});
