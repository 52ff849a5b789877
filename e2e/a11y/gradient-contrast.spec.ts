import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { authorizationRequest, registerClientInUi, relyingParty, signUpInBrowser } from '../oauth/support';
import { fillIdentity } from '../support/accounts';
import { storeTheme, THEMES } from './axe-support';
import { describeFailures, type GradientText, gradientTexts } from './gradient-contrast';

// Text on the brand gradient (buttons, the launch banner, the final call to action, initials)
// and text painted with it (headings), measured at every stop of the gradient and between them,
// in both themes: axe cannot see a gradient, so this test does. Reduced motion: no colour is
// measured halfway through a transition after the theme changes.
test.use({ reducedMotion: 'reduce' });

const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/cb`;

/** Measures the page in both themes; every gradient text must reach its ratio; returns the texts seen. */
async function expectReadable(page: Page, screen: string) {
  const seen = new Set<string>();
  for (const theme of THEMES) {
    const found: GradientText[] = await gradientTexts(page, theme);
    expect(describeFailures(found), `${screen} (${theme}): text on a gradient below AA`).toBe('');
    for (const f of found) {
      expect(f.samples, `${f.text}: the gradient's stops were read`).toBeGreaterThanOrEqual(2);
      seen.add(f.text);
    }
  }
  return seen;
}

test.describe('text on the brand gradient, signed out', () => {
  test.beforeEach(async ({ page }) => {
    await storeTheme(page, 'dark');
  });

  test('landing: header, hero, launch banner, final call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Explore Launch Offers' })).toBeVisible();
    const seen = await expectReadable(page, 'landing');
    // 'Get Started', the banner's message and button, the call to action's heading and text,
    // the founders' initials, and the hero's words painted with the gradient.
    for (const text of ['Get Started', 'Explore Launch Offers', 'Ready to get started?', 'all your services'])
      expect([...seen], `"${text}" is measured`).toContain(text);
    expect([...seen].filter((t) => /launch/i.test(t)).length).toBeGreaterThanOrEqual(3);
  });

  for (const [path, label] of [
    ['/login', 'Login'],
    ['/signup', 'Create Account'],
  ] as const) {
    test(`${path}: '${label}'`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
      expect([...(await expectReadable(page, path))]).toContain(label);
    });
  }

  test('the 404 heading painted with the gradient', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect([...(await expectReadable(page, '404'))]).toContain('404');
  });
});

test.describe('text on the brand gradient, signed in', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ reducedMotion: 'reduce' });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test("the consent screen's 'Allow'", async () => {
    await signUpInBrowser(page, 'gradient');
    await expect(page).toHaveURL(/\/signup\/identity$/);
    await fillIdentity(page, `grad_${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/signup\/setup$/);
    // A pending application can be authorized by its own developer: the consent screen shows.
    const client = await registerClientInUi(page, { name: 'Gradient App', redirectUris: [REDIRECT_URI] });
    const { url } = await authorizationRequest(await relyingParty(client), REDIRECT_URI, 'openid profile');
    await page.goto(url.href);
    await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
    expect([...(await expectReadable(page, 'consent'))]).toContain('Allow');
  });

  test("the dashboard: the avatar's initials", async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    expect([...(await expectReadable(page, 'dashboard'))]).toContain('AL');
  });
});
