import { expect, test } from '@playwright/test';
import { fillIdentity, signUpAndVerify, uniqueEmail } from '../support/accounts';

test('an out-of-range date of birth is explained under the field, in the reader’s language, and nothing moves on', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('dob'));
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await fillIdentity(page, `dob_${Date.now().toString(36)}`);
  const date = page.getByLabel('Date of Birth');
  await expect(date).toHaveAttribute('min', '1900-01-01');
  await date.fill('1850-06-15');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription('Date of birth must be a valid date between 1900 and today');
  await expect(page).toHaveURL(/\/signup\/identity$/);

  // The same message in German (the language picker on the page).
  await page.getByRole('combobox', { name: /Language/ }).selectOption('de');
  await expect(page.getByLabel('Geburtsdatum')).toHaveAccessibleDescription(
    'Das Geburtsdatum muss ein gültiges Datum zwischen 1900 und heute sein',
  );

  await page.getByLabel('Geburtsdatum').fill('1990-02-28');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/signup\/setup$/);
});
