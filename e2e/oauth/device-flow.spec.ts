import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { E2E_BASE_URL } from '../../playwright.config';
import { registerClientInUi, signUpInBrowser } from './support';

/*
 * The device authorization grant in Chromium (RFC 8628): a device (here openid-client in
 * the test) shows a code; the person opens the verification link, sends the code, sees the app and
 * the device's code on the consent screen, allows, and the device's poll gets its tokens.
 */
test.describe('a device signs in with a code typed in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let config: oidc.Configuration;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    ({ email } = await signUpInBrowser(page, 'device'));
    const { clientId } = await registerClientInUi(page, {
      name: 'Notes for TV',
      type: 'Device or command line',
      redirectUris: [],
    });
    await expect(page.getByTestId('device-sign-in')).toContainText('/oauth2/device');
    await expect(page.getByRole('switch', { name: 'Require PKCE' })).toHaveCount(0);
    config = await oidc.discovery(new URL(E2E_BASE_URL), clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
  });
  test.afterAll(() => context.close());

  test('a wrong code is refused on the page, and says why', async () => {
    await page.goto('/oauth2/device');
    await expect(page).toHaveURL(/\/device\?xsrf=/);
    await expect(page.getByRole('heading', { name: 'Connect a device' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter the code shown on your device')).toBeVisible();
    // Spaces alone are no code either: refused on the page, nothing sent to the engine.
    const posts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST') posts.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByLabel('Code').fill('   ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter the code shown on your device')).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(posts).toEqual([]);
    // Still this page as typed: a round trip through the engine would have emptied the field.
    await expect(page.getByLabel('Code')).toHaveValue('   ');
    await page.getByLabel('Code').fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText('That code is not right. Check the code on your device and try again.'),
    ).toBeVisible();
    await expect(page.getByLabel('Code')).toHaveValue('BCDF-GHJK');
  });

  test('the verification link, the consent screen with the device, and the device’s tokens', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile email' });
    await page.goto(started.verification_uri_complete ?? '');
    await expect(page.getByLabel('Code')).toHaveValue(started.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();

    const device = page.getByTestId('consent-device');
    await expect(device).toContainText('A device asks to sign in');
    await expect(device).toContainText(started.user_code);
    // Where it asked from: its address (openid-client names no browser the server knows).
    await expect(device.getByText(/^Asked from [0-9a-f.:]+$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notes for TV' })).toBeVisible();
    await expect(page.getByTestId('consent-redirect-host')).toHaveCount(0);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page.getByRole('heading', { name: 'Your device is connected' })).toBeVisible();
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
    const user = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
    expect(user.email).toBe(email);
  });

  test('a denial reaches the device, and the page says what happened', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
    await page.goto(started.verification_uri_complete ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(
      page.getByText('You denied access. Your device was told and is not signed in.'),
    ).toBeVisible();
    await expect(oidc.pollDeviceAuthorizationGrant(config, started)).rejects.toMatchObject({
      error: 'access_denied',
    });
  });
});
