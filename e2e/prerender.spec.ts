import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { skipLandingAnimations } from './support/browser';

// The public screens are pre-rendered at build time (apps/web/scripts/prerender.ts) and hydrated.

/**
 * Marks every element of the parsed page, so a test can tell hydrated nodes from re-rendered ones:
 * the document turns 'interactive' once parsed, before its deferred (module) scripts run.
 */
async function markParsedNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const element of document.querySelectorAll<HTMLElement>('#root *'))
        element.dataset.parsed = 'true';
    });
  });
}

/** Console errors and warnings, and uncaught errors (React reports a failed hydration there). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    // A signed-out visitor's session check answers 401 (the browser logs it): not this test's subject.
    if (m.location().url.endsWith('/api/auth/refresh')) return;
    problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Holds the app's script until the returned function is called: the pre-rendered page meanwhile. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const SCREENS = [
  { path: '/', heading: 'One account for all your services', text: 'Why Choose Omnia' },
  { path: '/login', heading: 'Welcome Back', text: 'Sign in to your account' },
  { path: '/signup', heading: 'Create Your Account', text: 'Step 1 of 3' },
  { path: '/auth/forgot-password', heading: 'Forgot Password', text: 'Back to Login' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, text } of SCREENS) {
    test(`${path} shows its heading and content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
    });
  }

  test('the landing page shows its sections, services and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Why Choose Omnia' })).toBeVisible();
    // The catalogue comes from the API: without script the page says so instead of loading forever.
    await expect(page.getByText('The list of services needs JavaScript')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute('href', '/signup');
    // Controls that need the script are not shown (links work without it).
    await expect(page.getByRole('button', { name: 'Explore Services' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Dismiss banner' })).toBeHidden();
    await expect(page.getByTestId('language-switcher')).toBeHidden();
  });

  test('the sign-in and sign-up forms show their fields, and say they need JavaScript', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    // Disabled: the browser must not submit the form itself (a GET carrying the password).
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await expect(page.getByText('This form needs JavaScript.')).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await expect(page.getByText('This form needs JavaScript.')).toBeVisible();
  });

  test('an unknown path answers 404 with the not-found page and the site navigation', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(page.locator('footer a[href="/privacy"]')).toHaveCount(1);
  });
});

test.describe('with JavaScript', () => {
  for (const { path, heading } of SCREENS) {
    test(`${path} hydrates the pre-rendered page without a console error or warning`, async ({ page }) => {
      await skipLandingAnimations(page);
      await markParsedNodes(page);
      const problems = collectProblems(page);
      await page.goto(path);
      // Hydrated: the page reacts (its script has taken over the pre-rendered nodes)...
      if (path === '/') {
        await page.getByRole('button', { name: 'Dismiss banner' }).click();
        await expect(page.getByRole('button', { name: 'Explore Launch Offers' })).toHaveCount(0);
      } else {
        await expect(page.locator('button[type="submit"]')).toBeEnabled();
      }
      // ...and kept them: a mismatch would have rendered them again, unmarked.
      await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveAttribute(
        'data-parsed',
        'true',
      );
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }

  test('the first visit still plays the intro, after the page has painted', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.addInitScript(() => localStorage.setItem('launchCelebrationShown', 'true'));
    await markParsedNodes(page);
    const problems = collectProblems(page);
    await page.goto('/');
    await expect(page.getByTestId('intro-animation')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'One account for all your services' })).toHaveAttribute(
      'data-parsed',
      'true',
    );
    expect(problems).toEqual([]);
  });

  test('sign-in works on the hydrated page, with what was typed before hydration', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('prerender');
    await signUpAndVerify(page, email);
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const problems = collectProblems(fresh);
    // The page's script arrives late: the visitor types into the pre-rendered form meanwhile.
    const release = await holdAppScript(fresh);
    await fresh.goto('/login', { waitUntil: 'commit' });
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(fresh.getByRole('button', { name: 'Login' })).toBeDisabled();
    release();
    await fresh.getByRole('button', { name: 'Login' }).click();
    await expect(fresh.getByText('Signed in successfully!')).toBeVisible();
    await expect(fresh).not.toHaveURL(/\/login/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a visitor who scrolled before the script arrived stays where they were, and a link works', async ({
    page,
  }) => {
    await skipLandingAnimations(page);
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const about = page.locator('footer').getByRole('link', { name: 'About', exact: true });
    await about.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    // Hydrated: the pre-rendered controls that need the script are enabled.
    await expect(page.getByRole('button', { name: 'Explore Services' })).toBeEnabled();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Omnia' })).toBeVisible();
  });

  test('an unknown path answers 404 and keeps the site navigation', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('the stored theme applies before the first paint of a pre-rendered page', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('omnia-theme', 'light');
      // The class the page has when its body is created, before anything can be painted.
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.className;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    const atBody = await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody);
    expect(atBody.split(' ').sort()).toEqual(['js', 'light']);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});

test.describe('in the language of the browser', () => {
  test.use({ locale: 'de-DE' });

  test('the server sends the German page, which hydrates without a warning', async ({ page, browser }) => {
    const off = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const bare = await off.newPage();
    await bare.goto('/login');
    await expect(bare.locator('html')).toHaveAttribute('lang', 'de');
    await expect(bare.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await off.close();

    await markParsedNodes(page);
    const problems = collectProblems(page);
    await page.goto('/login');
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toHaveAttribute(
      'data-parsed',
      'true',
    );
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('a language chosen on this browser replaces the pre-rendered one after hydration', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('omnia-language', 'fr'));
    const problems = collectProblems(page);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
