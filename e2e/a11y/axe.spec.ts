import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  approveClient,
  authorizationRequest,
  type RegisteredClient,
  registerClientInUi,
  relyingParty,
} from '../oauth/support';
import { confirmWithPassword, fillIdentity, signUpAndVerify, uniqueEmail } from '../support/accounts';
import { expectAccessible, storeTheme } from './axe-support';

// axe on every screen in both themes (each check repaints the page in the other theme too): no
// serious or critical violation. Reduced motion keeps fade-ins from being measured half-transparent.
test.use({ reducedMotion: 'reduce' });

const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7100;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/cb`;

test.describe('public screens', () => {
  test.beforeEach(async ({ page }) => {
    await storeTheme(page, 'dark');
  });

  const screens: [string, string, (page: Page) => Promise<void>][] = [
    ['landing', '/', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['login', '/login', async (p) => expect(p.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()],
    [
      'signup',
      '/signup',
      async (p) => expect(p.getByRole('heading', { name: 'Create Your Account' })).toBeVisible(),
    ],
    [
      'verification required',
      '/auth/verification-required',
      async (p) => expect(p.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible(),
    ],
    [
      'auth callback error',
      '/auth/callback?error=invalid_token',
      async (p) =>
        expect(p.getByRole('alert').filter({ hasText: 'This link is invalid or has expired' })).toBeVisible(),
    ],
    [
      'forgot password',
      '/auth/forgot-password',
      async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    ],
    [
      'reset password',
      '/auth/reset-password?token=abc',
      async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    ],
    [
      'reset password without a token',
      '/auth/reset-password',
      async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    ],
    [
      'developer program, signed out',
      '/dev-program/oauth2',
      async (p) => expect(p.getByRole('heading', { name: 'Developer Dashboard' })).toBeVisible(),
    ],
    [
      'consent error',
      '/oauth2/consent/not-a-real-interaction',
      async (p) => expect(p.getByRole('alert')).toBeVisible(),
    ],
    [
      'authorize entry error',
      '/oauth2/consent/error?error=missing_client_id',
      async (p) => expect(p.getByRole('heading').first()).toBeVisible(),
    ],
    [
      'device code page',
      '/oauth2/device',
      async (p) => expect(p.getByRole('heading', { name: 'Connect a device' })).toBeVisible(),
    ],
    [
      'device code page, a wrong code',
      '/device?xsrf=x&error=not_found&user_code=BCDF',
      async (p) => expect(p.getByText(/That code is not right/)).toBeVisible(),
    ],
    [
      'device connected',
      '/device?done=1',
      async (p) => expect(p.getByRole('heading', { name: 'Your device is connected' })).toBeVisible(),
    ],
    ['404', '/no-such-page', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
  ];
  for (const [name, path, ready] of screens) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, name);
    });
  }

  test('developer documentation tabs', async ({ page }) => {
    await page.goto('/dev-program/oauth2');
    await page.getByRole('tab', { name: 'Documentation' }).click();
    for (const tab of ['Overview', 'Auth Flow', 'Endpoints', 'Code Examples']) {
      const trigger = page.getByRole('tab', { name: tab, exact: true });
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `docs: ${tab}`);
    }
  });
});

test.describe('signed-in screens', () => {
  // Long flows (sign-up, several axe passes each) on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;
  let client: RegisteredClient;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ reducedMotion: 'reduce' });
    page = await context.newPage();
    await storeTheme(page, null);
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('onboarding: identity and setup, then the chosen theme is the preference', async () => {
    await signUpAndVerify(page, uniqueEmail('axe'));
    await expect(page).toHaveURL(/\/signup\/identity$/);
    // Before the preference exists, the stored choice applies (as on a public screen).
    await page.evaluate(() => localStorage.setItem('omnia-theme', 'light'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Set Up Your Identity' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expectAccessible(page, 'identity');
    // A bad input shows its error; the error state must pass too.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAccessible(page, 'identity with errors');
    await fillIdentity(page, `axe_${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/signup\/setup$/);
    await page.getByText('Light Mode').click();
    await expectAccessible(page, 'setup');
    await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });

  test('dashboard', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expectAccessible(page, 'dashboard');
  });

  test('settings: account, security, change password dialog', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Account' })).toBeVisible();
    await expectAccessible(page, 'settings account');
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, 'settings security');
    await page.getByRole('button', { name: 'Change Password' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'change password dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Update Password|Change Password/ })
      .click();
    await expectAccessible(page, 'change password dialog with errors');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('settings dialogs: change email, delete account, set up the authenticator app', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'change email dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'delete account dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByTestId('two-step-card').getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toBeVisible();
    await expectAccessible(page, "confirm it's you dialog");
    await confirmWithPassword(page);
    await expect(page.getByRole('dialog', { name: 'Set up your authenticator app' })).toBeVisible();
    await expectAccessible(page, 'authenticator setup dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('profile', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'profile');
  });

  test('developer program: empty dashboard, register form, success, list, detail', async () => {
    await page.goto('/dev-program/oauth2');
    await expect(page.getByText('No OAuth2 clients')).toBeVisible();
    await expectAccessible(page, 'developer dashboard, no clients');
    await page.goto('/dev-program/oauth2/new');
    await expect(page.getByLabel('Application Name')).toBeVisible();
    await expectAccessible(page, 'register application');
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByText('Application name is required')).toBeVisible();
    await expectAccessible(page, 'register application with errors');
    await page.getByLabel('Application Name').fill('Axe Check App');
    await page.getByLabel('Redirect URI 1', { exact: true }).fill(REDIRECT_URI);
    const email = page.getByRole('checkbox', { name: /email/ });
    if ((await email.getAttribute('aria-checked')) !== 'true') await email.click();
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
    await expectAccessible(page, 'registration success');

    client = await registerClientInUi(page, { name: 'Axe Consent App', redirectUris: [REDIRECT_URI] });
    // Every card loaded: the members (with the owner's form) and the webhook.
    await expect(page.getByRole('button', { name: 'Add member' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add webhook' })).toBeVisible();
    await expectAccessible(page, 'client detail');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await expect(
      page.getByText('Choose at least one event').or(page.getByText(/absolute https URL/)),
    ).toBeVisible();
    await expectAccessible(page, 'client detail, webhook form with errors');
    // The security profile with FAPI 2.0 on (locked switches), private key JWT and an error.
    const security = page.getByTestId('security-profile');
    await security.getByRole('switch', { name: 'FAPI 2.0 security profile' }).click();
    await security.getByRole('radio', { name: /Private key JWT/ }).check();
    await security.getByRole('button', { name: 'Save security profile' }).click();
    await expect(security.getByText(/Add your public keys/)).toBeVisible();
    await expectAccessible(page, 'client detail, security profile with errors');
    await page.goto(`/dev-program/oauth2/clients/${client.id}/stats`);
    await expect(page.getByRole('heading', { name: 'Axe Consent App' })).toBeVisible();
    await expectAccessible(page, 'client statistics');
    await page.goto('/dev-program/oauth2');
    await expect(page.getByTestId('client-card').first()).toBeVisible();
    await expectAccessible(page, 'developer dashboard with clients');
    await page.goto('/dev-program/oauth2?tab=registration');
    await page.getByLabel('Name').fill('Axe pipeline');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByTestId('registration-token-list')).toBeVisible();
    await expectAccessible(page, 'developer dashboard, registration tokens');
  });

  test('consent: loading, card, authentication required', async ({ browser }) => {
    const config = await relyingParty(client);
    const { url } = await authorizationRequest(config, REDIRECT_URI, 'openid profile email');
    // Hold the details request so the loading state can be checked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/oauth2/consent/*/details', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url.href);
    await expect(page.getByText('Validating request...')).toBeVisible();
    await expectAccessible(page, 'consent loading');
    release();
    await expect(page.getByRole('heading', { name: 'Axe Consent App' })).toBeVisible();
    await page.unroute('**/oauth2/consent/*/details');
    await expectAccessible(page, 'consent card');

    // A pending app stops a visitor on the error page; approved, the visitor is asked to sign in.
    approveClient(client.clientId);
    const visitor = await browser.newContext({ reducedMotion: 'reduce' });
    const other = await visitor.newPage();
    await storeTheme(other, 'dark');
    const second = await authorizationRequest(config, REDIRECT_URI, 'openid profile email');
    await other.goto(second.url.href);
    await expect(other.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expectAccessible(other, 'consent, authentication required');
    await visitor.close();
  });
});
