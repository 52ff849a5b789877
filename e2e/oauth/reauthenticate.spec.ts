import { expect, test } from '@playwright/test';
import type * as oidc from 'openid-client';
import { E2E_BASE_URL } from '../../playwright.config';
import { accountElsewhere, approvedApp, authorizeUrl, redeem, signInWithForm } from './people';
import { captureCallback, PASSWORD, type RegisteredClient, relyingParty, signUpInBrowser } from './support';

// The relying party's callback: a loopback port of this spec's own (consent-flow +7000, switch +7001).
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7002;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;
const APP = 'Fresh Sign-In App';

test.describe.configure({ mode: 'serial' });

test.describe('an application that asks for a fresh sign-in or names the person', () => {
  let client: RegisteredClient;
  let config: oidc.Configuration;

  test.beforeAll(async ({ browser }) => {
    client = await approvedApp(browser, APP, REDIRECT_URI);
    config = await relyingParty(client);
  });

  test("prompt=login asks 'Confirm it's you'; a wrong password is refused, the right one goes on", async ({
    page,
  }) => {
    const { email } = await signUpInBrowser(page, 'fresh');
    const request = await authorizeUrl(config, REDIRECT_URI, { prompt: 'login' });
    await page.goto(request.url.href);

    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(page.getByText(`${APP} asks you to sign in again before it continues.`)).toBeVisible();
    await expect(page.getByTestId('consent-account')).toHaveText(`Signed in as ${email}`);
    await expect(page.getByRole('button', { name: 'Not you? Switch account' })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    // The visibility toggle of every password field.
    await password.fill('typed');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await password.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();

    await password.fill('not my password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    // The decision cannot skip the question: nothing but the password screen is offered.
    await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);

    const before = Math.floor(Date.now() / 1000) - 1;
    await password.fill(PASSWORD);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: APP })).toBeVisible();
    await expect(page.getByText(`This will allow ${APP} to:`)).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    const { claims, info } = await redeem(config, await callback, request);
    expect(info.email).toBe(email);
    // auth_time is the confirmation just made, not the earlier sign-in.
    expect(claims.auth_time).toBeGreaterThanOrEqual(before);
  });

  test('wrong guesses run into the sign-in rate limit, with its wait', async ({ page }) => {
    await signUpInBrowser(page, 'guess');
    const request = await authorizeUrl(config, REDIRECT_URI, { prompt: 'login' });
    await page.goto(request.url.href);
    const password = page.getByLabel('Password', { exact: true });
    const limited = page.getByText(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    for (let attempt = 0; attempt < 8 && !(await limited.isVisible()); attempt++) {
      await password.fill(`wrong guess ${attempt}`);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/reauthenticate'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await answered;
    }
    await expect(limited).toBeVisible();
    // Even the right password waits now.
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(limited).toBeVisible();
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  });

  test('login_hint and ui_locales: the sign-in page opens in French with the e-mail filled in, nothing saved', async ({
    browser,
  }) => {
    const email = await accountElsewhere(browser, 'hinted');
    const context = await browser.newContext();
    const page = await context.newPage();
    const request = await authorizeUrl(config, REDIRECT_URI, { login_hint: email, ui_locales: 'fr-CA de' });
    await page.goto(request.url.href);
    await expect(page.getByRole('heading', { name: 'Authentification requise' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const signIn = page.getByRole('link', { name: 'Se connecter' });
    const href = new URL((await signIn.getAttribute('href')) ?? '', E2E_BASE_URL);
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('login_hint')).toBe(email);
    expect(href.searchParams.get('lng')).toBe('fr');
    await signIn.click();

    await expect(page.getByRole('heading', { name: 'Bon retour parmi nous' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    // Filled in, never sent on its own.
    await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/login\?/);

    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    const callback = captureCallback(page, REDIRECT_URI);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Autoriser' })).toBeVisible();
    await page.getByRole('button', { name: 'Autoriser' }).click();
    const { info } = await redeem(config, await callback, request);
    expect(info.email).toBe(email);

    // The request's language was not saved as the person's preference.
    const login = await context.request.post('/api/auth/login', {
      data: { email, password: PASSWORD },
      headers: { Origin: E2E_BASE_URL },
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const preferences = await context.request.get('/api/me/preferences', {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(((await preferences.json()) as { language: string }).language).toBe('en');
    await context.close();
  });

  test('a login_hint that is not an e-mail address is not filled in', async ({ page, browser }) => {
    const email = await accountElsewhere(browser, 'plain');
    const request = await authorizeUrl(config, REDIRECT_URI, { login_hint: 'not-an-address' });
    await page.goto(request.url.href);
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    const href = new URL(
      (await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')) ?? '',
      E2E_BASE_URL,
    );
    expect(href.searchParams.has('login_hint')).toBe(false);
    await page.goto(
      `/login?login_hint=not-an-address&returnTo=${encodeURIComponent(href.searchParams.get('returnTo') ?? '')}`,
    );
    await expect(page.getByLabel('Email')).toHaveValue('');
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/oauth2\/consent\/[^/]+$/);
  });
});
