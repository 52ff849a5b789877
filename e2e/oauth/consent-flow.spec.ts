import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import {
  APP_LINKS,
  approveClient,
  authorizationRequest,
  captureCallback,
  type RegisteredClient,
  registerClientInUi,
  relyingParty,
  returnToParam,
  signUpInBrowser,
} from './support';

// The relying party's callback: a loopback port the test listens on while it waits for the browser.
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7000;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;
const SCOPE = 'openid profile email';

test.describe.configure({ mode: 'serial' });

test.describe('third-party sign-in with the consent screen', () => {
  let client: RegisteredClient;
  let email: string;
  // One signed-in browser for the whole flow: refresh tokens rotate, so a copied cookie would be
  // seen as reuse and end the session.
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('a developer registers an app in the UI (pending until approved)', async () => {
    ({ email } = await signUpInBrowser(page, 'owner'));
    // A finished identity, so userinfo has a name, a username and a picture to give.
    await expect(page).toHaveURL(/\/signup\/identity$/);
    await page.getByLabel('Profile picture').setInputFiles('e2e/fixtures/avatar.png');
    await page.getByLabel('Full Name').fill('Relying Owner');
    await page.getByLabel('Username').fill(`owner_${Date.now().toString(36)}`);
    await page.getByLabel('Date of Birth').fill('1990-01-02');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/signup\/setup$/);
    client = await registerClientInUi(page, {
      name: 'Relying Party E2E',
      description: 'Signs people in for the end-to-end test.',
      redirectUris: [REDIRECT_URI],
    });
    await page.goto('/dev-program/oauth2');
    const card = page.getByTestId('client-card').filter({ hasText: 'Relying Party E2E' });
    await expect(card.getByTestId('client-status')).toHaveText('Pending');
    await expect(card.getByText(client.clientId)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      `/dev-program/oauth2/clients/${client.id}/stats`,
    );
  });

  test("a pending app is its developer's alone; once approved, a signed-out visitor is asked to sign in", async ({
    browser,
  }) => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const config = await relyingParty(client);
    // Pending: anyone but its developer stops on our page and is never sent to its redirect URI.
    await page.goto((await authorizationRequest(config, REDIRECT_URI, SCOPE)).url.href);
    await expect(page).toHaveURL(/\/oauth2\/consent\/error\?error=pending_client$/);
    await expect(page.getByText(/^This app isn’t available yet: Omnia hasn’t reviewed it/)).toBeVisible();
    await page.getByText('Technical details').click();
    await expect(
      page.getByText('This application is pending approval and can only be authorized by its developer'),
    ).toBeVisible();
    approveClient(client.clientId);
    const { url } = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/oauth2\/consent\/[^/]+$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?returnTo=${returnToParam(path)}`,
    );
    await visitor.close();
  });

  test('Deny sends access_denied back with the state', async () => {
    const config = await relyingParty(client);
    const { url, state } = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Relying Party E2E' })).toBeVisible();
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = await callback;
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('Allow issues a code the relying party exchanges (PKCE, state), then userinfo', async () => {
    const config = await relyingParty(client);
    const { url, state, codeVerifier } = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(url.href);

    await expect(page.getByRole('heading', { name: 'Authorization Request' })).toBeVisible();
    await expect(page.getByText('Signs people in for the end-to-end test.')).toBeVisible();
    // Who asks, as people judge it: reviewed by Omnia, its publisher, where it leads, its pages.
    await expect(page.getByTestId('consent-verified')).toHaveText('Verified by Omnia');
    await expect(page.getByText('Published by Relying Owner')).toBeVisible();
    await expect(page.getByTestId('consent-redirect-host')).toContainText(`127.0.0.1:${CALLBACK_PORT}`);
    for (const [name, href] of [
      ['Homepage', APP_LINKS.homepage],
      ['Privacy policy', APP_LINKS.privacy],
      ['Terms of service', APP_LINKS.terms],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByText('This will allow Relying Party E2E to:')).toBeVisible();
    await expect(page.getByText('View your profile (name, username, avatar)')).toBeVisible();
    await expect(page.getByText('View your email address')).toBeVisible();
    const allow = page.getByRole('button', { name: 'Allow' });
    const deny = page.getByRole('button', { name: 'Deny' });
    // Hold the decision so the in-flight state can be seen: both buttons disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/oauth2/consent/*/decision', async (route) => {
      await held;
      await route.continue();
    });
    await allow.click();
    await expect(allow).toBeDisabled();
    await expect(deny).toBeDisabled();
    release();

    const back = await callback;
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    const claims = tokens.claims();
    expect(claims?.sub).toBeTruthy();

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? oidc.skipSubjectCheck);
    expect(info.sub).toBe(claims?.sub);
    expect(info.email).toBe(email);
    expect(info.email_verified).toBe(true);
    expect(info.name).toBe('Relying Owner');
    expect(info.preferred_username).toMatch(/^owner_/);
    // The picture is an absolute URL the relying party can load.
    expect(String(info.picture)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\/avatars\//);
    const picture = await page.request.get(String(info.picture));
    expect(picture.headers()['content-type']).toMatch(/^image\//);

    // A code works once.
    await expect(
      oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: codeVerifier, expectedState: state }),
    ).rejects.toThrow();
  });

  test('the analytics page shows the recorded events', async () => {
    await page.goto(`/dev-program/oauth2/clients/${client.id}/stats`);
    const stats = page.getByTestId('client-stats');
    await expect(stats.getByText('Total Events')).toBeVisible();
    await expect(stats.getByText('Actions Breakdown')).toBeVisible();
    // Named for people, not by their event names.
    await expect(stats.getByText('Access allowed', { exact: true })).toBeVisible();
    await expect(stats.getByText('Access denied', { exact: true })).toBeVisible();
    await expect(stats.getByText('consent_granted')).toHaveCount(0);
    // The last 30 days: one person (the one who denied, then allowed) used the app today.
    const chart = stats.getByTestId('usage-chart');
    await expect(chart.getByText('Last 30 days', { exact: true })).toBeVisible();
    await expect(chart.getByTestId('unique-users')).toHaveText('1 unique user in the last 30 days');
    await expect(chart.locator('rect')).toHaveCount(30);
    await expect(stats).toBeFocused();
  });
});
