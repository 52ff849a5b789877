import { expect, type Page, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

/*
 * Registering each kind of app: the form asks what the app is, checks its redirect URIs
 * for that kind with a message that says what to do, and the app's page shows what it has (no
 * secret for a single-page or native app, the web origins of a single-page app).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await onboardedUser(page, 'apptypes');
});
test.afterAll(() => page.close());

async function startRegistration(type: string, name: string) {
  await page.goto('/dev-program/oauth2/new');
  await page.getByRole('radio', { name: new RegExp(`^${type}`) }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${type}`) })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByLabel('Application Name').fill(name);
}

async function submitAndOpen(name: string) {
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Developer Dashboard' }).click();
  await page
    .getByTestId('client-card')
    .filter({ hasText: name })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('a web application is told that a custom scheme belongs to a native app', async () => {
  await startRegistration('Web application', 'Scheme on the web');
  await expect(page.getByRole('checkbox', { name: 'Require PKCE' })).toBeVisible();
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('com.example.notes:/callback');
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(
    page.getByText(
      'A custom scheme (com.example.app:/…) is for native apps: register a Native or mobile app',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toHaveCount(0);
});

test('a single-page app has no secret, PKCE always on, and its web origins listed', async () => {
  await startRegistration('Single-page app', 'Notes SPA');
  // Nothing to choose about PKCE: it is always on.
  await expect(page.getByRole('checkbox', { name: 'Require PKCE' })).toHaveCount(0);
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('https://notes.spa.example/callback');
  await page.getByRole('button', { name: 'Add Redirect URI' }).click();
  await page.getByLabel('Redirect URI 2', { exact: true }).fill('http://localhost:5173/callback');
  await submitAndOpen('Notes SPA');

  await expect(page.getByTestId('app-type')).toHaveText('Single-page app');
  await expect(page.getByTestId('no-secret')).toContainText('This app has no client secret');
  await expect(page.getByRole('button', { name: 'Show client secret' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rotate Client Secret' })).toHaveCount(0);
  const origins = page.getByTestId('web-origins').getByRole('listitem');
  await expect(origins).toHaveText(['https://notes.spa.example', 'http://localhost:5173']);
  const pkce = page.getByRole('switch', { name: 'Require PKCE' });
  await expect(pkce).toBeChecked();
  await expect(pkce).toBeDisabled();
});

test('a native app takes its own scheme and loopback IPs, and says why localhost is refused', async () => {
  await startRegistration('Native or mobile app', 'Notes desktop');
  await expect(page.getByLabel('Redirect URI 1', { exact: true })).toHaveAttribute(
    'placeholder',
    'com.example.app:/callback',
  );
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('http://localhost:8080/callback');
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(
    page.getByText('Use http://127.0.0.1 or http://[::1] instead of localhost (RFC 8252 §8.3)'),
  ).toBeVisible();
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('com.example.notes:/callback');
  await page.getByRole('button', { name: 'Add Redirect URI' }).click();
  await page.getByLabel('Redirect URI 2', { exact: true }).fill('http://127.0.0.1/callback');
  await submitAndOpen('Notes desktop');

  await expect(page.getByTestId('app-type')).toHaveText('Native or mobile app');
  await expect(page.getByTestId('no-secret')).toBeVisible();
  await expect(
    page.getByText(/Loopback addresses \(127\.0\.0\.1, \[::1\]\) match on any port/),
  ).toBeVisible();
  await expect(page.getByTestId('web-origins')).toHaveCount(0);

  // Its consent screen says an app on the device opens, named by its scheme, not a website.
  const clientId = (await page.getByTestId('client-id').textContent())?.trim() ?? '';
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: 'com.example.notes:/callback',
    response_type: 'code',
    scope: 'openid',
    state: 'native-consent',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  await page.goto(`/oauth2/authorize?${query}`);
  await expect(page.getByTestId('consent-redirect-host')).toHaveText(
    'After your choice an app on this device opens, the one registered for com.example.notes:',
  );
});
