import { expect, type Locator, type Page, test } from '@playwright/test';
import { authorizationRequest, registerClientInUi, relyingParty } from '../oauth/support';
import { PASSWORD, verifyInBrowser } from '../support/accounts';

// A phone: 390 px wide. A long address and a long name wrap at their joints and never push the
// page sideways.
test.use({ viewport: { width: 390, height: 844 } });

// Never called: the consent screen is only looked at (a port of the range given to this suite).
const REDIRECT_URI = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 12}/cb`;

/** The page is no wider than the screen (nothing sticks out sideways). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${screen}: the page is ${scroll}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}

/** The text of an element, line by line as it is drawn (each character's box tells its line). */
async function linesOf(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const lines: string[] = [];
    let top: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (top === null || box.top > top + 2) {
          lines.push('');
          top = box.top;
        }
        lines.push(`${lines.pop() ?? ''}${text[i] ?? ''}`);
      }
    }
    return lines;
  });
}

/** Every line break falls at a joint: each line after the first starts with '@' or '.' (never after a hyphen). */
function expectCleanBreaks(lines: string[], value: string) {
  expect(lines.join(''), 'the whole value is drawn').toBe(value);
  for (let i = 1; i < lines.length; i++) {
    const clean = /^[@.]/.test(lines[i] ?? '');
    expect(clean, `"${value}" breaks mid-word: ${JSON.stringify(lines)}`).toBe(true);
  }
}

test('a long address and a long name wrap cleanly at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `maximiliana.alexandrina-${stamp}@accounts.very-long-department-name.example-university.test`;
  const fullName = 'Maximiliana Alexandrina Wolfeschlegelsteinhausenbergerdorff-Habsburg';
  const username = `maximiliana_wolfeschl_${stamp}`.slice(0, 30);

  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);

  // The verification page: the address wraps at '@' and dots, never inside a word.
  const shown = page.locator('main strong').filter({ hasText: email });
  await expect(shown).toBeVisible();
  const lines = await linesOf(shown);
  expect(lines.length, 'the address is longer than the line').toBeGreaterThan(1);
  expectCleanBreaks(lines, email);
  await expectNoSidewaysScroll(page, 'verification required');

  await verifyInBrowser(page, email);
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Date of Birth').fill('1990-12-10');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup\/setup$/);
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard: the welcome and the profile card wrap the name; the mobile menu truncates it.
  await expect(page.getByRole('heading', { name: `Welcome, ${fullName}` })).toBeVisible();
  await expect(page.getByTestId('profile-card').getByText(`@${username}`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByText(username)).toBeVisible();
  await expectNoSidewaysScroll(page, 'dashboard with the menu open');
  const menuName = await page
    .locator('#mobile-menu')
    .getByText(username)
    .evaluate((el) => el.getBoundingClientRect().right);
  expect(menuName).toBeLessThanOrEqual(390);

  // Settings → Account: the address again, the name, the username.
  await page.goto('/settings');
  const field = page.locator('dd').filter({ hasText: email });
  await expect(field).toBeVisible();
  expectCleanBreaks(await linesOf(field.getByText(email)), email);
  await expectNoSidewaysScroll(page, 'settings');
  // The account deletion dialog names the address in its label.
  await page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog').getByLabel(`Type ${email} to confirm`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'delete account dialog');
  const dialog = await page.getByRole('dialog').evaluate((el) => el.getBoundingClientRect().right);
  expect(dialog).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile');

  // The consent screen names the account: wrapped at its joints, not cut off.
  const client = await registerClientInUi(page, { name: 'Wrap Check', redirectUris: [REDIRECT_URI] });
  const { url } = await authorizationRequest(await relyingParty(client), REDIRECT_URI, 'openid profile');
  await page.goto(url.href);
  const account = page.getByTestId('consent-account');
  await expect(account).toHaveText(`Signed in as ${email}`);
  const accountBox = await account.boundingBox();
  expect((accountBox?.x ?? -1) >= 0 && (accountBox?.x ?? 0) + (accountBox?.width ?? 999) <= 390).toBe(true);
  expectCleanBreaks(await linesOf(account.getByText(email)), email);
  await expectNoSidewaysScroll(page, 'consent');

  // Forgot password: the confirmation names the address.
  await page.context().clearCookies();
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const sent = page.locator('main p').filter({ hasText: email });
  await expect(sent).toBeVisible();
  await expectNoSidewaysScroll(page, 'forgot password sent');
});
