import { expect, test } from '@playwright/test';
import { onboardedUser, PASSWORD } from '../support/accounts';
import { skipLandingAnimations } from '../support/browser';

test.describe('language', () => {
  test('a German browser sees the landing page and /login in German', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await skipLandingAnimations(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Warum Omnia' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute('href', '/signup');
    await expect(page.getByTestId('service-voge')).toContainText('In Entwicklung');
    await expect(page.getByRole('combobox', { name: 'Sprache: Deutsch' })).toBeVisible();

    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
    // Validation messages (the contracts' English) are shown in German too.
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('a German browser sees the authorization screen and its errors in German', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    // The error page with the code of one of the SPEC's (English) messages: shown in German.
    await page.goto('/oauth2/consent/error?error=missing_client_id');
    await expect(page.getByRole('heading', { name: 'Autorisierungsanfrage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Autorisierungsfehler' })).toBeVisible();
    // The protocol's wording folds away under the technical details, in German too.
    await expect(page.getByText('Parameter client_id fehlt')).toBeHidden();
    await page.getByText('Technische Details').click();
    await expect(page.getByText('Parameter client_id fehlt')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/');
    await context.close();
  });

  test('the switcher on the landing page changes the language, and the choice survives a reload', async ({
    page,
  }) => {
    await skipLandingAnimations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Why Choose Omnia' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language: English' }).selectOption('Français');
    await expect(page.getByRole('heading', { name: 'Pourquoi choisir Omnia' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue : Français' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pourquoi choisir Omnia' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bon retour parmi nous' })).toBeVisible();
  });

  test('a user whose preference is Deutsch sees the dashboard and navigation in German', async ({
    page,
    browser,
  }) => {
    const { email } = await onboardedUser(page, 'deutsch');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await expect(page.getByRole('heading', { name: 'Personalisieren Sie Ihr Erlebnis' })).toBeVisible();
    await page.getByRole('button', { name: 'Einrichtung abschließen & zum Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Einrichtung erfolgreich abgeschlossen')).toBeVisible();

    // A fresh English browser: the stored preference switches it to German on sign-in.
    const context = await browser.newContext({ locale: 'en-US' });
    const other = await context.newPage();
    await other.goto('/login');
    await expect(other.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Login' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await expect(other.getByRole('heading', { name: 'Willkommen, Ada Lovelace' })).toBeVisible();
    const nav = other.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Benachrichtigungen', exact: true })).toBeVisible();
    await expect(other.getByRole('combobox', { name: 'Sprache: Deutsch' })).toBeVisible();
    await other.getByRole('button', { name: 'Kontomenü' }).click();
    await expect(other.getByRole('menuitem', { name: 'Einstellungen' })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
    await other.keyboard.press('Escape');

    // Switching in the navigation saves the preference: English again after a reload.
    await other.getByRole('combobox', { name: 'Sprache: Deutsch' }).selectOption('English');
    await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await other.evaluate(() => localStorage.removeItem('omnia-language'));
    await other.reload();
    await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });
});
