import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { E2E_BASE_URL } from '../../playwright.config';
import { onboardedUser } from '../support/accounts';
import {
  authorizationRequest,
  captureCallback,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from './support';

/*
 * Developers' APIs and services in Chromium: a developer registers an API with its
 * scopes and sees its introspection secret once; another developer's service gets tokens for it
 * only once the API's owner allows it on the API's page; a person's app asks for the API and the
 * consent screen lists its scopes in the API developer's words.
 */
const ORDERS = 'https://orders.e2e.example/api';

test.describe('an API, a partner service and a consent for the API', () => {
  test.describe.configure({ mode: 'serial' });
  let owner: BrowserContext;
  let partner: BrowserContext;
  let ownerPage: Page;
  let partnerPage: Page;
  let apiUrl: string;

  test.beforeAll(async ({ browser }) => {
    owner = await browser.newContext();
    partner = await browser.newContext();
    ownerPage = await owner.newPage();
    partnerPage = await partner.newPage();
    // Onboarded: the owner also signs in to their own app and opens Settings afterwards.
    await onboardedUser(ownerPage, 'apiowner');
    await signUpInBrowser(partnerPage, 'partner');
  });
  test.afterAll(async () => {
    await owner.close();
    await partner.close();
  });

  test('registering an API says what is wrong, then shows its secret once', async () => {
    const page = ownerPage;
    await page.goto('/dev-program/oauth2?tab=apis');
    await expect(page.getByRole('heading', { name: 'No APIs yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Register an API' }).click();
    await page.getByLabel('API name').fill('Orders API');
    await page.getByLabel('Identifier').fill('http://orders.e2e.example/api');
    await page.getByLabel('Scope name').fill('email');
    await page.getByRole('button', { name: 'Register API' }).click();
    await expect(
      page.getByText('The identifier must be an https URI without a fragment, a user name or a password'),
    ).toBeVisible();
    await expect(page.getByText(/cannot be openid, profile, email or offline_access/)).toBeVisible();
    await expect(
      page.getByText('Describe what the scope allows: people read it on the consent screen'),
    ).toBeVisible();

    await page.getByLabel('Identifier').fill(ORDERS);
    await page.getByLabel('Scope name').fill('orders:read');
    await page.getByLabel('What it allows (shown to people)').fill('See your orders');
    await page.getByRole('button', { name: 'Add scope' }).click();
    await page.getByLabel('Scope name').nth(1).fill('orders:write');
    await page.getByLabel('What it allows (shown to people)').nth(1).fill('Place orders for you');
    await page.getByRole('button', { name: 'Register API' }).click();
    await expect(page.getByRole('heading', { name: 'Orders API is registered' })).toBeVisible();
    await expect(page.getByTestId('api-secret')).toHaveText(/^[\w-]{43}$/);
    await page.getByRole('link', { name: 'Open the API’s page' }).click();
    await expect(page.getByTestId('api-identifier')).toHaveText(ORDERS);
    await expect(page.getByTestId('api-secret')).toHaveCount(0);
    apiUrl = page.url();
  });

  test("a partner's service is refused until the API's owner allows it, then gets only the scopes picked", async () => {
    const service = await registerClientInUi(partnerPage, {
      name: 'Partner worker',
      type: 'Service (machine to machine)',
      redirectUris: [],
    });
    await expect(partnerPage.getByTestId('service-calls')).toBeVisible();
    await expect(partnerPage.getByTestId('client-settings')).toHaveCount(0);
    const config = await relyingParty(service);
    const ask = () =>
      oidc.clientCredentialsGrant(config, { resource: ORDERS, scope: 'orders:read orders:write' });
    await expect(ask()).rejects.toMatchObject({ error: 'invalid_target' });

    await ownerPage.goto(apiUrl);
    const access = ownerPage.getByTestId('api-access');
    // Nothing typed: said at the field, nothing sent.
    await access.getByRole('button', { name: 'Allow app' }).click();
    await expect(access.getByText('No app has this Client ID')).toBeVisible();
    await expect(access.getByText('No other developer’s app may call this API.')).toBeVisible();
    await access.getByLabel('Their app’s Client ID').fill('omnia_nobody');
    await access.getByRole('button', { name: 'Allow app' }).click();
    await expect(access.getByText('No app has this Client ID')).toBeVisible();
    await access.getByLabel('Their app’s Client ID').fill(service.clientId);
    await access.getByRole('checkbox', { name: 'orders:write' }).click();
    await access.getByRole('button', { name: 'Allow app' }).click();
    const allowed = access.getByRole('listitem').filter({ hasText: service.clientId });
    await expect(allowed).toContainText('orders:read');
    // The partner's app is not published yet: its name is not the API owner's to read.
    await expect(allowed).toContainText('Unpublished or deleted app');
    await expect(allowed).not.toContainText('Partner worker');

    const tokens = await ask();
    const jwks = createRemoteJWKSet(new URL('/oauth2/jwks', E2E_BASE_URL));
    const { payload } = await jwtVerify(tokens.access_token, jwks, { audience: ORDERS, typ: 'at+jwt' });
    expect(payload).toMatchObject({ client_id: service.clientId, scope: 'orders:read' });
  });

  test("the consent screen lists the API's scopes in its developer's words", async () => {
    const page = ownerPage;
    const redirectUri = 'http://127.0.0.1:47833/callback';
    const app = await registerClientInUi(page, { name: 'Orders web', redirectUris: [redirectUri] });
    const config = await relyingParty(app);
    const request = await authorizationRequest(config, redirectUri, 'openid profile orders:read');
    request.url.searchParams.set('resource', ORDERS);
    const callback = captureCallback(page, redirectUri);
    await page.goto(request.url.href);
    const api = page.getByTestId('consent-api');
    await expect(api).toContainText('On Orders API');
    await expect(api).toContainText('See your orders');
    await expect(api).not.toContainText('Place orders for you');
    await page.getByRole('button', { name: 'Allow' }).click();
    const tokens = await oidc.authorizationCodeGrant(
      config,
      await callback,
      { pkceCodeVerifier: request.codeVerifier, expectedState: request.state },
      { resource: ORDERS },
    );
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: ORDERS, scope: 'orders:read' });

    // Connected apps says what the app may do on the API, in the API developer's words.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const row = page.getByTestId('connected-app').filter({ hasText: 'Orders web' });
    await expect(row.getByTestId('connected-app-api')).toContainText('On Orders API');
    await expect(row.getByTestId('connected-app-api')).toContainText('See your orders');
  });

  test('deleting the API takes its name typed as shown; then it is gone from the list', async () => {
    const page = ownerPage;
    await page.goto(apiUrl);
    await page.getByRole('button', { name: 'Delete API' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Orders API?' });
    const confirm = dialog.getByRole('button', { name: 'Delete API' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Orders API to confirm').fill('orders api');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Orders API to confirm').fill(' Orders API ');
    await confirm.click();
    await expect(page.getByText('Orders API deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/dev-program\/oauth2\?tab=apis$/);
    await expect(page.getByRole('heading', { name: 'No APIs yet' })).toBeVisible();
  });
});
