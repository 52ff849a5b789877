import { expect, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { authorizeUrl, redeem, sessionCookies } from './people';
import { approveClient, captureCallback, registerClientInUi, relyingParty, signUpInBrowser } from './support';

// A loopback port of this spec's own: each spec that listens has its own offset (+7000…+7011).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7004;
const REDIRECT_URI = `http://127.0.0.1:${PORT}/oauth/callback`;
const SIGNED_OUT_URI = `http://127.0.0.1:${PORT}/signed-out`;

/**
 * OpenID Connect RP-initiated logout in the browser: the application sends the person to the
 * end_session_endpoint, Omnia asks on its own page, then signs the browser out of Omnia and goes
 * back to the application's registered post-logout URI with its state.
 */
test('an application signs the person out of Omnia and gets them back', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInBrowser(page, 'logout');
  const client = await registerClientInUi(page, {
    name: 'Logout Test App',
    redirectUris: [REDIRECT_URI],
    postLogoutUris: [SIGNED_OUT_URI],
  });
  approveClient(client.clientId);
  const config = await relyingParty(client);

  const request = await authorizeUrl(config, REDIRECT_URI);
  const callback = captureCallback(page, REDIRECT_URI);
  await page.goto(request.url.href);
  await page.getByRole('button', { name: 'Allow' }).click();
  const { tokens } = await redeem(config, await callback, request);

  const state = oidc.randomState();
  const logout = oidc.buildEndSessionUrl(config, {
    id_token_hint: tokens.id_token ?? '',
    post_logout_redirect_uri: SIGNED_OUT_URI,
    state,
  });
  await page.goto(logout.href);
  await expect(page.getByRole('heading', { name: 'Sign out of Omnia?' })).toBeVisible();
  // The page's own session refresh has answered: its cookies cannot land after the sign-out's.
  await page.waitForLoadState('networkidle');
  const back = captureCallback(page, SIGNED_OUT_URI);
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await back).searchParams.get('state')).toBe(state);

  // Signed out of Omnia in this browser: no session cookie left, and the dashboard asks to sign in.
  expect(await sessionCookies(context)).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
