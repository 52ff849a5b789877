import { expect, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

test('theme, language and interests change in Settings, apply at once and are kept after a reload', async ({
  page,
}) => {
  await onboardedUser(page, 'prefs');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  const card = page.getByTestId('preferences');
  await expect(card.getByRole('heading', { name: 'Preferences' })).toBeVisible();

  // Theme: applied at once.
  await expect(page.locator('html')).toHaveClass(/dark/);
  await card.getByText('Light Mode').click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByText('Preferences updated successfully').first()).toBeVisible();

  // An interest: chosen at once.
  const books = card.getByRole('button', { name: 'Books' });
  await expect(books).toHaveAttribute('aria-pressed', 'false');
  await books.click();
  await expect(books).toHaveAttribute('aria-pressed', 'true');

  // Language: the page speaks it at once.
  await card.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();

  // Kept on the server: a fresh browser storage reads them back from the account.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByTestId('preferences').getByRole('button', { name: 'Libros' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
