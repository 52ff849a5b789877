import { expect, test } from '@playwright/test';
import {
  authorizationRequest,
  captureCallback,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from './support';

// The relying party's callback: a loopback port the test listens on while it waits for the browser.
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7003;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;

test.describe('an application signs the person out (RP-initiated logout)', () => {
  test("the engine asks first; 'Sign out' ends the Omnia session", async ({ page }) => {
    await signUpInBrowser(page, 'rplogout');
    // A pending app may be authorized by its owner: that gives the engine a session to end.
    const client = await registerClientInUi(page, { name: 'Logout RP', redirectUris: [REDIRECT_URI] });
    const { url } = await authorizationRequest(await relyingParty(client), REDIRECT_URI, 'openid');
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Allow' }).click();
    expect((await callback).searchParams.get('code')).toBeTruthy();

    await page.goto('/oauth2/logout');
    await expect(page).toHaveURL(/\/auth\/sign-out\?xsrf=/);
    await expect(page.getByRole('heading', { name: 'Sign out of Omnia?' })).toBeVisible();
    // A dropped connection is said as such, not as an expired question, which still stands.
    await page.route('**/oauth2/logout/confirm', (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Network error, please check your connection');
    await page.unroute('**/oauth2/logout/confirm');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/sign-out\?done=1$/);
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an expired question says so and keeps both answers available', async ({ page }) => {
    await page.goto('/auth/sign-out?xsrf=not-the-engines');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-out request has expired. Start again from the application.',
    );
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeEnabled();
  });
});
