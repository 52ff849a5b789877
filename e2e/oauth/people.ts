import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import * as oidc from 'openid-client';
import {
  approveClient,
  PASSWORD,
  type RegisteredClient,
  registerClientInUi,
  signUpInBrowser,
} from './support';

/** An approved application, registered in the UI by a developer of its own (whose browser then closes). */
export async function approvedApp(browser: Browser, name: string, redirectUri: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInBrowser(page, 'dev');
  const client: RegisteredClient = await registerClientInUi(page, { name, redirectUris: [redirectUri] });
  approveClient(client.clientId);
  await context.close();
  return client;
}

/** A verified account whose own browser is closed again: it exists, signed in nowhere. */
export async function accountElsewhere(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const { email } = await signUpInBrowser(await context.newPage(), prefix);
  await context.close();
  return email;
}

/** An authorization request with PKCE and state, plus any OpenID Connect parameters (prompt, ...). */
export async function authorizeUrl(
  config: oidc.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, state, codeVerifier };
}

/** What the relying party learns from a callback: the code exchanged, then userinfo. */
export async function redeem(
  config: oidc.Configuration,
  callback: URL,
  request: { state: string; codeVerifier: string },
) {
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no id_token');
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { claims, info, tokens };
}

/** The sign-in form, as a person fills it. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The names of the session cookies this browser holds (refresh token, engine session and its name). */
export async function sessionCookies(context: BrowserContext) {
  return (await context.cookies())
    .map((c) => c.name)
    .filter((n) => n === 'omnia_refresh' || n === 'omnia_engine' || n.startsWith('_session'))
    .sort();
}
