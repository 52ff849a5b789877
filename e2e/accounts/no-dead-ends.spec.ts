import { expect, test } from '@playwright/test';
import { onboardedUser, PASSWORD, uniqueEmail } from '../support/accounts';
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
  await page.getByLabel('Email').fill('not-an-address');
  await expect(resend).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await expect(resend).toBeEnabled();
  // Enter in the field sends it, as the button does.
  await page.getByLabel('Email').press('Enter');
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

test('a toast speaks the page’s language and stays clear of the bell and the account menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email } = await onboardedUser(page, 'toasty');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 800 },
  ]) {
    // A browser where French was chosen before (say, by someone else): the sign-in page is French,
    // then signing in applies the account's language, English.
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('omnia-language', 'fr');
      sessionStorage.setItem('seeded', '1');
    });
    const tab = await context.newPage();
    await tab.goto('/login');
    await expect(tab.getByRole('heading', { name: 'Bon retour parmi nous' })).toBeVisible();
    await tab.locator('input[type="email"]').fill(email);
    await tab.locator('input[type="password"]').fill(PASSWORD);
    await tab.locator('button[type="submit"]').click();
    await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(tab.getByRole('heading', { name: 'Available Services' })).toBeVisible();
    const toast = tab.locator('[data-sonner-toast]').filter({ hasText: 'Signed in successfully!' });
    await expect(toast).toBeVisible();
    await expect(tab.locator('[data-sonner-toast]').filter({ hasText: 'Connexion réussie' })).toHaveCount(0);
    // Nothing of the header's controls is under it.
    const box = await toast.boundingBox();
    for (const control of [
      tab.getByRole('button', { name: 'Notifications' }),
      // The account menu on a desktop, the menu button on a phone: whichever is shown.
      tab
        .getByRole('button', { name: /^(Account menu|Open menu)$/ })
        .filter({ visible: true })
        .first(),
    ]) {
      const other = await control.boundingBox();
      expect(box && other).toBeTruthy();
      if (!box || !other) continue;
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
    await context.close();
  }
});
