import { expect, test } from '@playwright/test';
import { onboardedUser, signUpAndVerify, uniqueEmail } from '../support/accounts';

test('dashboard: welcome, profile card and the claim flow, stored on the server', async ({ page }) => {
  const { username } = await onboardedUser(page, 'dash');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('Manage and access all your services in one place')).toBeVisible();
  const card = page.getByTestId('profile-card');
  await expect(card.getByText(`@${username}`)).toBeVisible();
  await expect(card.getByText('AL')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Services' })).toBeVisible();

  // A claimable service with a url: claimed, then opened in a new tab about 1 s later. The service's
  // own host is not reachable from the test machine, so the browser answers for it.
  await page
    .context()
    .route('https://cloudbliss.app/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>CloudBliss</title>' }),
    );
  const cloud = page.getByTestId('service-cloudbliss');
  await expect(cloud.getByText('Claim service')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await cloud.click();
  await expect(page.getByText('Service Claimed')).toBeVisible();
  await expect(page.getByText('You have successfully claimed CloudBliss.')).toBeVisible();
  expect((await popup).url()).toContain('cloudbliss.app');
  await expect(cloud.getByText('Already claimed')).toBeVisible();

  // A claimable service without a url: claimed once, then the 'Already Claimed' notice.
  const voge = page.getByTestId('service-voge');
  await voge.click();
  await expect(page.getByText('You have successfully claimed Voge.')).toBeVisible();
  await voge.click();
  await expect(page.getByText('You have already claimed Voge.')).toBeVisible();

  // Coming-soon cards cannot be claimed.
  await expect(page.getByTestId('service-taskcel')).toHaveAttribute('aria-disabled', 'true');

  // Claims are stored per account on the server and mirrored in claimedServices.
  await page.evaluate(() => localStorage.removeItem('claimedServices'));
  await page.reload();
  await expect(page.getByTestId('service-voge').getByText('Already claimed')).toBeVisible();
  const mirrored = await page.evaluate(() => JSON.parse(localStorage.getItem('claimedServices') ?? '[]'));
  expect(mirrored).toEqual(['cloudbliss', 'voge']);

  // Signed out, the browser keeps no copy of what the account claimed (a shared computer).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('claimedServices'))).toBeNull();
});

test('navigation, settings with the Client ID reveal, change password and logout', async ({ page }) => {
  const { email, username } = await onboardedUser(page, 'nav');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings · Omnia');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'CloudBliss', 'Voge', 'Sokuwe', 'Luupz'])
    await expect(nav.getByRole('link', { name })).toBeVisible();

  // Account tab: read-only values and fallbacks.
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('No bio provided')).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByTestId('security-activity')).toContainText('Signed in');
  const clientId = page.getByTestId('client-id');
  for (let i = 0; i < 4; i++) await clientId.click();
  await expect(page.getByRole('link', { name: 'Developer Program' })).toHaveCount(0);
  await clientId.click();
  await expect(page.getByRole('link', { name: 'Developer Program' })).toHaveAttribute(
    'href',
    '/dev-program/oauth2',
  );

  // Change password: a wrong current password is refused and nothing changes.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByLabel('New Password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm New Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.keyboard.press('Escape');

  // The avatar menu: username, Profile, Settings, Developers, Logout. 'Developers' and the address
  // people guess, /dev-program, both lead to the Developer Program.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(username)).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Developers', 'Logout']);
  await page.getByRole('menuitem', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/dev-program\/oauth2$/);
  await expect(page.getByRole('heading', { name: 'Developer Dashboard' })).toBeVisible();
  await page.goto('/dev-program');
  await expect(page).toHaveURL(/\/dev-program\/oauth2$/);
  await expect(page.getByRole('heading', { name: 'Developer Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('a verified account without a finished identity is sent from the dashboard to step 2', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('noprofile'));
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/signup\/identity$/);
});

test('the mobile menu offers the same items', async ({ page }) => {
  await onboardedUser(page, 'mobile');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Dashboard', 'CloudBliss', 'Voge', 'Sokuwe', 'Luupz', 'Profile', 'Settings'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);

  // Escape closes it from the keyboard and gives focus back to the button.
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('services that fail to load are said once, with a retry that brings them', async ({ page }) => {
  await onboardedUser(page, 'svcfail');
  await page.route('**/api/services', (route) => route.abort());
  await page.goto('/dashboard');
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load services' });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  // No card keeps shimmering as if still on its way.
  await expect(page.getByTestId('service-cloudbliss')).toHaveCount(0);
  await page.unroute('**/api/services');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('service-cloudbliss')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a service claimed meanwhile in another tab says it was claimed already', async ({ page }) => {
  await onboardedUser(page, 'twotabs');
  await page.goto('/dashboard');
  const here = page.getByTestId('service-sokuwe');
  await expect(here.getByText('Claim service')).toBeVisible();

  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await other.getByTestId('service-sokuwe').click();
  await expect(other.getByText('You have successfully claimed Sokuwe.')).toBeVisible();
  await other.close();

  // This tab still shows the card unclaimed; the server knows better.
  await expect(here.getByText('Claim service')).toBeVisible();
  await here.click();
  await expect(page.getByText('You have already claimed Sokuwe.')).toBeVisible();
  await expect(page.getByText('Service Claimed')).toHaveCount(0);
  await expect(here.getByText('Already claimed')).toBeVisible();
});
