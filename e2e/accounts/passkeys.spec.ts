import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_PASSKEY_URL } from '../../playwright.config';
import { confirmWithPassword, onboardedUser } from '../support/accounts';

// A server of its own at http://localhost (WebAuthn refuses an IP address as the relying party).
test.use({ baseURL: E2E_PASSKEY_URL });

test.beforeAll(async () => {
  for (let i = 0; i < 120; i++) {
    if ((await fetch(`${E2E_PASSKEY_URL}/readyz`).catch(() => undefined))?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the passkey server did not start');
});

/** Chromium's own virtual authenticator (CTAP2, built in, user verification on), for this page. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey: added in Settings, then the sign-in takes it instead of the e-mail and password', async ({
  page,
  context,
}) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  await onboardedUser(page, 'passkey');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const section = page.getByTestId('passkeys');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // Adding a way to sign in confirms it's you, however fresh the sign-in.
  await confirmWithPassword(page);
  await expect(page.getByText('Passkey added')).toBeVisible();
  const row = section.getByTestId('passkey');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // A name of spaces is refused where it was typed; Cancel keeps the old name.
  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByLabel('Name').fill('   ');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Give the passkey a name')).toBeVisible();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByLabel('Name')).toHaveCount(0);
  await expect(row).toContainText('This device’s passkey');

  // Renamed.
  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByLabel('Name').fill('Work laptop');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Work laptop');

  // Signed out, then in with the passkey alone.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The button (with the browser's autofill offer switched off for this part).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('no-autofill') === '1')
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
  });
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('no-autofill', '1'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // The e-mail field's autofill offer (conditional mediation): choosing the passkey signs in,
  // no e-mail or password typed (the virtual authenticator chooses at once).
  await page.evaluate(() => sessionStorage.removeItem('no-autofill'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('passkey')).not.toContainText('never used');
  // Removed: it no longer signs in.
  await page.getByTestId('passkey').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByTestId('passkey')).toHaveCount(0);

  // The authenticator still offers it in the e-mail field's autofill; the server refuses it, and
  // the page says so instead of doing nothing.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByText('That passkey could not be used. Try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
