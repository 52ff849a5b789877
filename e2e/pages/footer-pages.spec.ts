import { PUBLIC_PAGES, SITE_COOKIES } from '@omnia/contracts/pages';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible, storeTheme } from '../a11y/axe-support';
import { captureCallback, registerClientInUi, relyingParty } from '../oauth/support';
import {
  confirmWithPassword,
  fillIdentity,
  onboardedUser,
  PASSWORD,
  signUpAndVerify,
  uniqueEmail,
} from '../support/accounts';
import { skipLandingAnimations } from '../support/browser';

/** Every footer page: the link's text, the page's heading (also its title), in two languages. */
const PAGES = {
  en: [
    ['/about', 'About', 'About Omnia'],
    ['/careers', 'Careers', 'Careers'],
    ['/blog', 'Blog', 'Blog'],
    ['/contact', 'Contact', 'Contact'],
    ['/terms', 'Terms', 'Terms of use'],
    ['/privacy', 'Privacy', 'Privacy'],
    ['/cookies', 'Cookies', 'Cookies'],
  ],
  de: [
    ['/about', 'Über uns', 'Über Omnia'],
    ['/careers', 'Karriere', 'Karriere'],
    ['/blog', 'Blog', 'Blog'],
    ['/contact', 'Kontakt', 'Kontakt'],
    ['/terms', 'AGB', 'Nutzungsbedingungen'],
    ['/privacy', 'Datenschutz', 'Datenschutz'],
    ['/cookies', 'Cookies', 'Cookies'],
  ],
} as const;

async function followEveryFooterLink(page: Page, pages: (typeof PAGES)[keyof typeof PAGES]) {
  expect(pages.map(([path]) => path)).toEqual([...PUBLIC_PAGES]);
  // The landing page once; after each page, back to it as a person goes back (the app's history).
  await page.goto('/');
  for (const [path, link, heading] of pages) {
    await expect(page).toHaveURL(/\/$/);
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Omnia`);
    // A page of the site: one main, the site's navigation and its footer.
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Omnia' }).first()).toHaveAttribute('href', '/');
    await expect(page.locator('footer').getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
    await page.goBack();
  }
}

test.describe('footer pages', () => {
  test('each footer link of the landing page opens its page, with its heading and title (English)', async ({
    page,
  }) => {
    await skipLandingAnimations(page);
    await followEveryFooterLink(page, PAGES.en);
    // Honest pages: no openings, no posts; retention as the server keeps it.
    await page.goto('/careers');
    await expect(page.getByText('There are no open positions at the moment.')).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByText('No posts yet.')).toBeVisible();
    await page.goto('/privacy');
    const signIns = page.getByRole('article').filter({ hasText: 'Sign-in history' });
    await expect(signIns).toContainText('90 days.');
    const sessions = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Sessions' }) });
    await expect(sessions).toContainText('30 days after last use, or 1 day after you sign out.');
  });

  test('the same in German, and a page follows a change of language at once', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await skipLandingAnimations(page);
    await followEveryFooterLink(page, PAGES.de);
    await page.goto('/careers');
    await expect(page.getByText('Derzeit gibt es keine offenen Stellen.')).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('article').filter({ hasText: 'Anmeldeverlauf' })).toContainText('90 Tage.');

    await page.getByRole('combobox', { name: 'Sprache: Deutsch' }).selectOption('English');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy · Omnia');
    await context.close();
  });
});

test.describe('footer pages are accessible', () => {
  test.use({ reducedMotion: 'reduce' });
  test('axe, both themes', async ({ page }) => {
    await storeTheme(page, 'dark');
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    }
  });
});

test.describe('document titles', () => {
  test('signed-out screens name themselves, in English and in Spanish', async ({ browser }) => {
    const screens = [
      ['/', 'One account for all your services · Omnia', 'Una cuenta para todos tus servicios · Omnia'],
      ['/login', 'Sign in · Omnia', 'Iniciar sesión · Omnia'],
      ['/signup', 'Create account · Omnia', 'Crear cuenta · Omnia'],
      ['/auth/forgot-password', 'Forgot password · Omnia', 'Contraseña olvidada · Omnia'],
      ['/dev-program/oauth2', 'Developer Dashboard · Omnia', 'Panel de desarrollador · Omnia'],
      ['/no-such-page', 'Page not found · Omnia', 'Página no encontrada · Omnia'],
    ] as const;
    for (const [index, locale] of (['en-US', 'es-ES'] as const).entries()) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await skipLandingAnimations(page);
      for (const screen of screens) {
        await page.goto(screen[0]);
        await expect(page).toHaveTitle(screen[index + 1] as string);
      }
      await context.close();
    }
  });

  test('signed-in screens name themselves and follow the language chosen in the navigation', async ({
    page,
  }) => {
    await onboardedUser(page, 'titles');
    await expect(page).toHaveTitle('Personalize your experience · Omnia');
    await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard · Omnia');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings');
    await expect(page).toHaveTitle('Settings · Omnia');
    await page.getByRole('combobox', { name: 'Language: English' }).selectOption('Español');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page).toHaveTitle('Configuración · Omnia');
    await page.goto('/dev-program/oauth2/new');
    await expect(page).toHaveTitle('Registrar una aplicación · Omnia');
  });
});

// The relying party's callback: a loopback port of this spec's range (E2E_PORT + 10).
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/cb`;

interface SeenCookie {
  name: string;
  line: string;
}

/** Every cookie the server sets in this context (deletions left out), from the responses' headers. */
function recordSetCookies(context: BrowserContext) {
  const seen: SeenCookie[] = [];
  const reading: Promise<unknown>[] = [];
  context.on('response', (response) => {
    reading.push(read(response.headersArray().catch(() => [])));
  });
  async function read(headers: Promise<{ name: string; value: string }[]>) {
    for (const header of await headers) {
      if (header.name.toLowerCase() !== 'set-cookie') continue;
      for (const line of header.value.split('\n')) {
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const deleted =
          /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line) || /^[^=]+=;/.test(line);
        if (name && !deleted) seen.push({ name, line });
      }
    }
  }
  /** What was set, once every response so far has been read. */
  return async () => {
    await Promise.all(reading);
    return seen;
  };
}

test('the Cookies page names every cookie the server sets: sign-up, sign-in, an authorization, two-step', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const setCookies = recordSetCookies(context);
  const page = await context.newPage();
  await skipLandingAnimations(page);

  // Visiting pages sets none.
  await page.goto('/');
  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);

  // Sign-up, the verification link, sign-in: the accounts' cookies, set to the browser's own requests.
  const email = uniqueEmail('cookies');
  await signUpAndVerify(page, email);
  await fillIdentity(page, `cookies_${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An authorization at the app's own developer (a pending app is theirs to try): the engine's cookies.
  const client = await registerClientInUi(page, { name: 'Cookie Jar', redirectUris: [REDIRECT_URI] });
  const config = await relyingParty(client);
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state: oidc.randomState(),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  await page.goto(url.href);
  const arrived = captureCallback(page, REDIRECT_URI);
  await page.getByRole('button', { name: 'Allow' }).click();
  expect((await arrived).searchParams.get('code')).toBeTruthy();
  const engineCookies = await context.cookies();

  // Two-step verification on, then a sign-in stops at the second step: its cookie.
  await page.goto('/settings?tab=security');
  await page.getByTestId('two-step-card').getByRole('button', { name: 'Set up' }).click();
  await confirmWithPassword(page);
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const setupKey = ((await setup.getByTestId('setup-key').textContent()) ?? '').replace(/\s/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(setupKey), digits: 6, period: 30 }).generate();
  await setup.getByLabel('6-digit code').fill(code);
  await setup.getByRole('button', { name: 'Verify' }).click();
  await page
    .getByRole('dialog', { name: 'Save your recovery codes' })
    .getByRole('button', { name: 'I saved them' })
    .click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

  // What the server set, and what the page says.
  const seen = await setCookies();
  const names = [...new Set(seen.map((c) => c.name))].sort();
  const listed = SITE_COOKIES.flatMap((c) => (c.signed ? [c.name, `${c.name}.sig`] : [c.name])).sort();
  expect(names).toEqual(listed);
  await page.goto('/cookies');
  const cards = page.getByTestId('cookie');
  await expect(cards).toHaveCount(SITE_COOKIES.length);
  for (const name of names) await expect(page.locator('main')).toContainText(name);

  // Each cookie's flags and scope are the page's: HttpOnly, its SameSite, its path.
  for (const cookie of [...engineCookies, ...(await context.cookies())]) {
    const entry = SITE_COOKIES.find((c) => c.name === cookie.name.replace(/\.sig$/, ''));
    expect(entry, cookie.name).toBeDefined();
    if (!entry) continue;
    expect(cookie.httpOnly, cookie.name).toBe(true);
    expect(cookie.sameSite, cookie.name).toBe(entry.sameSite);
    expect(cookie.path.startsWith(entry.path.replace('…', '')), `${cookie.name} ${cookie.path}`).toBe(true);
    const card = cards.filter({ has: page.getByRole('heading', { name: entry.name, exact: true }) });
    await expect(card).toContainText(entry.path);
    await expect(card).toContainText(entry.sameSite);
  }
  // Lifetimes as set (Max-Age, or the engine's expiry date), against the page's figure.
  for (const { name, line } of seen) {
    const entry = SITE_COOKIES.find((c) => c.name === name.replace(/\.sig$/, ''));
    const maxAge = /max-age=(\d+)/i.exec(line)?.[1];
    const expires = /expires=([^;]+)/i.exec(line)?.[1];
    const seconds = maxAge
      ? Number(maxAge)
      : expires
        ? (Date.parse(expires) - Date.now()) / 1000
        : Number.NaN;
    expect(Math.abs(seconds - (entry?.maxAgeSeconds ?? 0)), `${name}: ${line}`).toBeLessThan(120);
  }
  await context.close();
});
