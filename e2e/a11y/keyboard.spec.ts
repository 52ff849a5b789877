import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  authorizationRequest,
  captureCallback,
  type RegisteredClient,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from '../oauth/support';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';
import { tabTo, typeInto } from './keys';

// Keyboard only: Tab, Shift+Tab, Enter, Space and arrows; no clicks. Following the mailed link and
// opening an authorization URL are navigations, as a person would paste or click them elsewhere.

const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7200;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/cb`;

test('sign-up, verification, identity and setup to the dashboard by keyboard', async ({ page }) => {
  const email = uniqueEmail('keys');
  await page.goto('/signup');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel('Confirm Password'), PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/verification-required$/);

  await page.goto(await mailedLink(email, '/auth/callback'));
  await tabTo(page, page.getByRole('button', { name: 'Verify my email' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await typeInto(page, page.getByLabel('Full Name'), 'Keyboard Person');
  await typeInto(page, page.getByLabel('Username'), `keys_${Date.now().toString(36)}`);
  await tabTo(page, page.getByLabel('Date of Birth'));
  await page.keyboard.type('12101990');
  await expect(page.getByLabel('Date of Birth')).toHaveValue('1990-12-10');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup\/setup$/);

  // Theme: one radio group, arrows move the choice.
  const dark = page.getByRole('radio', { name: 'Dark Mode' });
  const light = page.getByRole('radio', { name: 'Light Mode' });
  await tabTo(page, dark);
  await page.keyboard.press('ArrowRight');
  await expect(light).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  // Language: a native select, changed with the arrows (and put back to English). The choice
  // applies at once, so its label reads 'Idioma' meanwhile: found by id, not by label.
  const language = page.locator('#setup-language');
  await tabTo(page, language);
  await page.keyboard.press('ArrowDown');
  await expect(language).toHaveValue('es');
  await page.keyboard.press('ArrowUp');
  await expect(language).toHaveValue('en');
  // Interests: toggle buttons, Space and Enter.
  const chips = page.getByRole('group', { name: /Interests/ }).locator('button[aria-pressed]');
  await expect(chips.nth(1)).toBeVisible();
  const first = chips.nth(0);
  const second = chips.nth(1);
  await tabTo(page, first);
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, second);
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Keyboard Person' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
});

test.describe('consent and app registration by keyboard', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let client: RegisteredClient;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('register an application by keyboard through the success view', async () => {
    await signUpInBrowser(page, 'keysdev');
    await page.goto('/dev-program/oauth2/new');
    await expect(page.getByRole('heading', { name: 'Register Application' })).toBeVisible();
    await typeInto(page, page.getByLabel('Application Name'), 'Keyboard App');
    await typeInto(page, page.getByLabel(/Description/), 'Registered without a mouse.');
    await typeInto(page, page.getByLabel('Redirect URI 1', { exact: true }), REDIRECT_URI);
    // A second row by keyboard, then removed again.
    await tabTo(page, page.getByRole('button', { name: 'Add Redirect URI' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Redirect URI 2', { exact: true })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Remove redirect URI 2' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Redirect URI 2', { exact: true })).toHaveCount(0);
    for (const scope of [/profile/, /email/]) {
      const box = page.getByRole('checkbox', { name: scope });
      await tabTo(page, box);
      if ((await box.getAttribute('aria-checked')) !== 'true') await page.keyboard.press('Space');
      await expect(box).toHaveAttribute('aria-checked', 'true');
    }
    await tabTo(page, page.getByRole('button', { name: 'Register Application' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Go to Developer Dashboard' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dev-program\/oauth2$/);
    await expect(page.getByTestId('client-card').filter({ hasText: 'Keyboard App' })).toBeVisible();
  });

  test('consent: Deny by keyboard', async () => {
    client = await registerClientInUi(page, { name: 'Keyboard Consent App', redirectUris: [REDIRECT_URI] });
    const config = await relyingParty(client);
    const { url, state } = await authorizationRequest(config, REDIRECT_URI, 'openid profile email');
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Keyboard Consent App' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Deny' }));
    await page.keyboard.press('Space');
    const back = await callback;
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
  });

  test('consent: Allow by keyboard', async () => {
    const config = await relyingParty(client);
    const { url, state } = await authorizationRequest(config, REDIRECT_URI, 'openid profile email');
    const callback = captureCallback(page, REDIRECT_URI);
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Keyboard Consent App' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Allow' }));
    await page.keyboard.press('Enter');
    const back = await callback;
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();
  });
});
