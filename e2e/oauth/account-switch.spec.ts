import { SECURITY_API } from '@omnia/contracts/security';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  accountElsewhere,
  approvedApp,
  authorizeUrl,
  redeem,
  sessionCookies,
  signInWithForm,
} from './people';
import {
  approveClient,
  captureCallback,
  PASSWORD,
  type RegisteredClient,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from './support';

// The relying party's callback: a loopback port of this spec's own (consent-flow uses +7000).
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7001;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;
const APP = 'Switch Test App';
const ALL_SESSION_COOKIES = ['_session', '_session.sig', 'omnia_engine', 'omnia_refresh'];

test.describe.configure({ mode: 'serial' });

/**
 * One browser shared by two people, as on a family computer: the authorization must always be for
 * whoever holds the Omnia session in it, never for the account the OAuth engine remembered.
 */
test.describe('one browser, two people', () => {
  let client: RegisteredClient;
  let config: oidc.Configuration;
  let alice: string;
  let aliceSub: string;
  let bob: string;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    client = await approvedApp(browser, APP, REDIRECT_URI);
    config = await relyingParty(client);
    bob = await accountElsewhere(browser, 'bob');
    context = await browser.newContext();
    page = await context.newPage();
    ({ email: alice } = await signUpInBrowser(page, 'alice'));
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('Alice allows the app; it gets her userinfo', async () => {
    const request = await authorizeUrl(config, REDIRECT_URI);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(request.url.href);
    await expect(page.getByRole('heading', { name: APP })).toBeVisible();
    await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${alice}`);
    await expect(page.getByRole('button', { name: 'Not you? Switch account' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    const { claims, info } = await redeem(config, await callback, request);
    expect(info.email).toBe(alice);
    aliceSub = claims.sub;
    // The browser now holds her Omnia session and the engine's session.
    expect(await sessionCookies(context)).toEqual(expect.arrayContaining(ALL_SESSION_COOKIES));
  });

  test('her session, signed out from another browser, leaves no cookies behind here', async ({ browser }) => {
    const other = await browser.newContext();
    const login = await other.request.post('/api/auth/login', {
      data: { email: alice, password: PASSWORD },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(login.status()).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const signOut = await other.request.post(SECURITY_API.signOutOthers, {
      headers: { Origin: E2E_BASE_URL, Authorization: `Bearer ${access_token}` },
    });
    expect(await signOut.json()).toEqual({ signed_out: 1 });
    await other.close();

    // The app finds its session dead on the next load: the refused refresh clears every cookie.
    const refresh = page.waitForResponse(
      (r) => r.url() === `${E2E_BASE_URL}/api/auth/refresh` && r.request().method() === 'POST',
    );
    await page.goto('/dashboard');
    expect((await refresh).status()).toBe(401);
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await sessionCookies(context)).toEqual([]);
  });

  test("Bob signs in on Alice's browser: the app asks him, as Bob, and gets his userinfo", async () => {
    await page.goto('/login');
    await signInWithForm(page, bob);
    await expect(page).not.toHaveURL(/\/login/);

    const request = await authorizeUrl(config, REDIRECT_URI);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(request.url.href);
    await expect(page.getByRole('heading', { name: APP })).toBeVisible();
    await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${bob}`);
    await page.getByRole('button', { name: 'Allow' }).click();
    const { claims, info } = await redeem(config, await callback, request);
    expect(info.email).toBe(bob);
    expect(claims.sub).not.toBe(aliceSub);
  });

  test("'Not you? Switch account' signs out and brings the same authorization back after the other sign-in", async () => {
    // Bob has allowed the app already; prompt=consent shows the screen anyway.
    const request = await authorizeUrl(config, REDIRECT_URI, { prompt: 'consent' });
    await page.goto(request.url.href);
    await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${bob}`);
    await page.getByRole('button', { name: 'Not you? Switch account' }).click();

    await expect(page).toHaveURL(/\/login\?returnTo=/);
    const returnTo = new URL(page.url()).searchParams.get('returnTo') ?? '';
    expect(returnTo).toMatch(/^\/oauth2\/authorize\?/);
    expect(new URL(returnTo, E2E_BASE_URL).searchParams.get('state')).toBe(request.state);
    // Signed out for real: the session's cookies are gone.
    expect(await sessionCookies(context)).toEqual([]);

    const callback = captureCallback(page, REDIRECT_URI);
    const restarted = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().startsWith(`${E2E_BASE_URL}/oauth2/authorize?`),
    );
    await signInWithForm(page, alice);
    // A full page load of the engine's route (the app's router cannot show it).
    expect(new URL((await restarted).url()).searchParams.get('state')).toBe(request.state);
    await expect(page).toHaveURL(/\/oauth2\/consent\/[^/]+$/);
    await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${alice}`);
    await page.getByRole('button', { name: 'Allow' }).click();
    const { claims, info } = await redeem(config, await callback, request);
    expect(info.email).toBe(alice);
    expect(claims.sub).toBe(aliceSub);
  });
});

/**
 * An app that must push its requests (RFC 9126) cannot have one started again from the browser:
 * after the switch it is told (login_required), and its next pushed request is for the new person.
 */
test('switching account on a pushed request sends the app login_required with its state', async ({
  browser,
}) => {
  const PUSHED_APP = 'Pushed Switch App';
  const redirectUri = `http://127.0.0.1:${CALLBACK_PORT + 10}/oauth/callback`;
  const devContext = await browser.newContext();
  const dev = await devContext.newPage();
  await signUpInBrowser(dev, 'pardev');
  const client = await registerClientInUi(dev, { name: PUSHED_APP, redirectUris: [redirectUri] });
  const card = dev.getByTestId('security-profile');
  await card.getByRole('switch', { name: 'Require pushed authorization requests' }).click();
  await card.getByRole('button', { name: 'Save security profile' }).click();
  await expect(dev.getByText('Security profile saved')).toBeVisible();
  await devContext.close();
  approveClient(client.clientId);
  const config = await relyingParty(client);
  const other = await accountElsewhere(browser, 'parother');

  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInBrowser(page, 'parfirst');
  const state = oidc.randomState();
  const pushed = () =>
    oidc.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      state,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  await page.goto((await pushed()).href);
  await expect(page.getByRole('heading', { name: PUSHED_APP })).toBeVisible();
  // Signed out, the browser goes back to the app, told to push a new request.
  const callback = captureCallback(page, redirectUri);
  await page.getByRole('button', { name: 'Not you? Switch account' }).click();
  const told = await callback;
  expect(told.searchParams.get('error')).toBe('login_required');
  expect(told.searchParams.get('state')).toBe(state);
  expect(told.searchParams.get('iss')).toBe(config.serverMetadata().issuer);

  // The app pushes again: the screen asks to sign in, then asks the person signed in now.
  await page.goto((await pushed()).href);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await signInWithForm(page, other);
  await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${other}`);
  await context.close();
});
