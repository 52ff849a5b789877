import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';
import { e2eMailDir } from '../support/mail-dir.mjs';

/** Subjects of the mail the SMTP peer received for `email`, oldest first. */
async function subjectsTo(email: string): Promise<string[]> {
  const dir = e2eMailDir();
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(
      async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { to: string[]; subject: string },
    ),
  );
  return mails.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.subject);
}

test('a Deutsch user sees settings and the Developer Program in German and gets German mail', async ({
  page,
}) => {
  const { email } = await onboardedUser(page, 'de_screens');
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await page.getByRole('button', { name: 'Einrichtung abschließen & zum Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Verfügbare Dienste' })).toBeVisible();
  await expect(page.getByText('Verwalten und nutzen Sie alle Ihre Dienste an einem Ort')).toBeVisible();
  await expect(page.getByTestId('profile-card')).toContainText('Datenschutzeinstellungen');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByText('Vollständiger Name')).toBeVisible();
  await expect(page.getByText('Mitglied seit')).toBeVisible();
  await page.getByRole('tab', { name: 'Sicherheit' }).click();
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aktive Sitzungen' })).toBeVisible();
  await expect(page.getByTestId('active-session').first()).toContainText('Dieses Gerät');
  await expect(page.getByTestId('security-activity')).toContainText('Angemeldet');
  await expect(page.getByText('Noch kein Client registriert')).toBeVisible();
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('dialog', { name: 'Passwort ändern' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dev-program/oauth2');
  await expect(page.getByRole('heading', { name: 'Entwickler-Dashboard' })).toBeVisible();
  await expect(page.getByText('Keine OAuth2-Clients')).toBeVisible();
  await page.getByRole('tab', { name: 'Dokumentation' }).click();
  await expect(page.getByRole('tab', { name: 'Codebeispiele' })).toBeVisible();

  // The account's preference decides the mail's language.
  await page.context().clearCookies();
  await page.goto('/auth/forgot-password');
  await page.getByLabel(/E-Mail/).fill(email);
  await page.getByRole('button', { name: /Link|senden/i }).click();
  await expect
    .poll(() => subjectsTo(email), { timeout: 15_000 })
    .toContain('Setzen Sie Ihr Omnia-Passwort zurück');
});

test('a French browser signs up and gets its verification mail in French', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const email = `fr-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.locator('input[type="password"]').nth(0).fill('correct horse 1');
  await page.locator('input[type="password"]').nth(1).fill('correct horse 1');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);
  await expect.poll(() => subjectsTo(email), { timeout: 15_000 }).toContain('Confirmez votre compte Omnia');
  await context.close();
});
