import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fillIdentity, signUpAndVerify, uniqueEmail as unique } from '../support/accounts';

const avatarFile = fileURLToPath(new URL('../fixtures/avatar.png', import.meta.url));

test('a new account goes from the mailed link through identity and setup to the dashboard', async ({
  page,
}) => {
  const email = unique('onboard');
  await signUpAndVerify(page, email);
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await expect(page.getByRole('heading', { name: 'Set Up Your Identity' })).toBeVisible();

  // Bad input: the SPEC messages, and the step does not move on.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Date of birth is required')).toBeVisible();
  await page.getByLabel('Username').fill('ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/identity$/);

  const username = `ada_${Date.now().toString(36)}`;
  await fillIdentity(page, username);
  await page.getByLabel('About Me').fill('First programmer');
  await page.getByLabel('Profile picture').setInputFiles(avatarFile);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Identity updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/setup$/);

  await expect(page.getByRole('heading', { name: 'Personalize Your Experience' })).toBeVisible();
  // The chosen theme applies at once.
  await page.getByText('Light Mode').click();
  await expect(page.locator('html')).toHaveClass(/light/);
  // So does the language: the rest of the way is in French.
  await page.getByLabel('Language', { exact: true }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Personnalisez votre expérience' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'Musique' }).click();
  await page.getByRole('button', { name: 'Voyages' }).click();
  await page.getByRole('button', { name: 'Terminer et aller au tableau de bord' }).click();
  await expect(page.getByText('Configuration terminée')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Everything was stored on the server: the steps read it back after a reload.
  await page.goto('/signup/identity');
  await expect(page.getByLabel("Nom d'utilisateur")).toHaveValue(username);
  await expect(page.getByLabel('À propos de moi')).toHaveValue('First programmer');
  const avatar = page.getByRole('img', { name: 'Photo de profil' });
  await expect(avatar).toHaveAttribute('src', /^\/storage\/avatars\/.+\/avatar\.png\?v=\d+$/);
  await page.goto('/signup/setup');
  await expect(page.getByLabel('Langue', { exact: true })).toHaveValue('fr');
  await expect(page.getByRole('button', { name: 'Musique' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Livres' })).toHaveAttribute('aria-pressed', 'false');
});

test('a username someone else holds is refused with the SPEC message', async ({ browser }) => {
  const username = `taken_${Date.now().toString(36)}`;
  const first = await browser.newPage();
  await signUpAndVerify(first, unique('first'));
  await expect(first).toHaveURL(/\/signup\/identity$/);
  await fillIdentity(first, username);
  await first.getByRole('button', { name: 'Continue' }).click();
  await expect(first).toHaveURL(/\/signup\/setup$/);

  const second = await browser.newPage();
  await signUpAndVerify(second, unique('second'));
  await expect(second).toHaveURL(/\/signup\/identity$/);
  await fillIdentity(second, username.toUpperCase());
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second.getByText('Username is already taken')).toBeVisible();
  await expect(second).toHaveURL(/\/signup\/identity$/);
});

test('the interests chosen at setup are stored, and shown chosen when setup opens again', async ({
  page,
}) => {
  await signUpAndVerify(page, unique('interests'));
  await fillIdentity(page, `int_${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup\/setup$/);
  const chip = (name: string) => page.getByRole('button', { name, exact: true });
  await chip('Music').click();
  await chip('Science').click();
  await chip('Travel').click();
  await chip('Science').click();
  await expect(chip('Science')).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/signup/setup');
  await expect(chip('Music')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip('Travel')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip('Science')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[aria-pressed="true"]')).toHaveCount(2);
});

test('chips picked before the stored interests arrive stay picked', async ({ page }) => {
  await signUpAndVerify(page, unique('late'));
  await fillIdentity(page, `late_${Date.now().toString(36)}`);
  // The stored interests (none yet) answer late, as on a slow connection.
  await page.route('**/api/me/interests', async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup\/setup$/);
  const chip = (name: string) => page.getByRole('button', { name, exact: true });
  await chip('Music').click();
  await page.waitForResponse((r) => r.url().endsWith('/api/me/interests') && r.request().method() === 'GET');
  await expect(chip('Music')).toHaveAttribute('aria-pressed', 'true');
});
