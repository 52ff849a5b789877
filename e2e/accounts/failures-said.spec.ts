import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { onboardedUser, uniqueEmail } from '../support/accounts';
import { recordShownTexts, shownTexts } from '../support/browser';

/*
 * A read that fails is said where its data would be, with a way to read again; never shown as an
 * empty list, an 'Off' or a choice that would overwrite what is stored. The failures are the
 * browser's own (a request that never reaches the server); the server is real throughout.
 */
const FAILED = 'This could not be loaded. Check your connection, then try again.';

/** Reads of `path` (GET) fail as a dropped connection would, until the returned function is called. */
async function cutReads(page: Page, path: string): Promise<() => Promise<void>> {
  const pattern = `**${path}`;
  await page.route(pattern, (route) =>
    route.request().method() === 'GET' ? route.abort('connectionfailed') : route.fallback(),
  );
  return () => page.unroute(pattern);
}

async function signedIn(page: Page, prefix: string) {
  await onboardedUser(page, prefix);
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/*
 * One account for the reads (sign-ups from one address are limited per hour, and the suite makes
 * many): each test leaves the page as it found it; the language test comes last (it switches the
 * page to French).
 */
test.describe('one signed-in person', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signedIn(page, 'unread');
  });
  test.afterAll(() => page.close());

  test('second factors and passkeys that could not be read are not shown as off', async () => {
    const restore = await cutReads(page, '/api/me/factors');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const twoStep = page.getByTestId('two-step-card');
    await expect(twoStep.getByText(FAILED)).toBeVisible();
    await expect(twoStep.getByRole('button', { name: 'Set up' })).toHaveCount(0);
    await expect(page.getByTestId('passkeys-card').getByText(FAILED)).toBeVisible();

    await restore();
    await twoStep.getByRole('button', { name: 'Try again' }).click();
    await expect(twoStep.getByRole('button', { name: 'Set up' })).toBeVisible();
    await expect(page.getByTestId('passkeys-card').getByText(FAILED)).toHaveCount(0);
  });

  test("the developer's apps and APIs that could not be read are not shown as none", async () => {
    const lists = [
      ['/api/developer/clients', '/dev-program/oauth2', 'No OAuth2 clients'],
      ['/api/developer/apis', '/dev-program/oauth2?tab=apis', 'No APIs yet'],
    ] as const;
    for (const [read, screen, empty] of lists) {
      const restore = await cutReads(page, read);
      await page.goto(screen);
      await expect(page.getByText(FAILED)).toBeVisible();
      await expect(page.getByText(empty)).toHaveCount(0);
      await restore();
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText(empty)).toBeVisible();
    }

    // An API page whose read failed is not 'API not found'; the server's own 404 is.
    const missing = '/dev-program/oauth2/apis/00000000-0000-4000-8000-000000000000';
    const restoreApi = await cutReads(page, '/api/developer/apis/*');
    await page.goto(missing);
    await expect(page.getByText(FAILED)).toBeVisible();
    await expect(page.getByText('API not found')).toHaveCount(0);
    await restoreApi();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('API not found')).toBeVisible();
  });

  test("the server's refusal of one scope row is said under that row", async () => {
    await page.goto('/dev-program/oauth2/apis/new');
    await page.getByLabel('API name').fill('Orders API');
    await page.getByLabel('Identifier').fill(`https://orders-${Date.now()}.e2e.example/api`);
    await page.getByLabel('Scope name').fill('orders:read');
    await page.getByLabel('What it allows (shown to people)').fill('See your orders');
    await page.getByRole('button', { name: 'Add scope' }).click();
    await page.getByLabel('Scope name').nth(1).fill('orders:write');
    await page.getByLabel('What it allows (shown to people)').nth(1).fill('Place orders for you');
    // The form's own check passes; on its way the second scope takes the first one's name, which only
    // the server then refuses (as a form opened before a change of rules would meet it).
    await page.route('**/api/developer/apis', async (route) => {
      const body = route.request().postDataJSON() as { scopes: { name: string }[] };
      const [first, second] = body.scopes;
      if (first && second) second.name = first.name;
      await route.continue({ postData: JSON.stringify(body) });
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/developer/apis'));
    await page.getByRole('button', { name: 'Register API' }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByText('Each scope name can be used once')).toBeVisible();
    await expect(page.getByLabel('Scope name').nth(1)).toHaveAttribute('aria-invalid', 'true');
    await page.unroute('**/api/developer/apis');
  });

  test('a profile that could not be read is logged to the console, as the specification says', async () => {
    const logged: string[] = [];
    const listen = (m: ConsoleMessage) => {
      if (m.type() === 'error') logged.push(m.text());
    };
    page.on('console', listen);
    const restore = await cutReads(page, '/api/me/profile');
    await page.goto('/settings');
    await expect.poll(() => logged.some((text) => text.startsWith('Failed to load profile'))).toBe(true);
    page.off('console', listen);
    await restore();
  });

  test('interests that could not be read cannot be overwritten; a language not saved is not called saved', async () => {
    await recordShownTexts(page);
    const restore = await cutReads(page, '/api/me/interests');
    await page.goto('/settings');
    const card = page.getByTestId('preferences');
    await expect(card.getByText(FAILED)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Books' })).toHaveCount(0);
    await restore();
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByRole('button', { name: 'Books' })).toHaveAttribute('aria-pressed', 'false');

    // Saving the language fails: the page says so, and not that it was saved.
    await page.route('**/api/me/preferences', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.abort('connectionfailed'),
    );
    const networkError = page.getByText('Erreur réseau, veuillez vérifier votre connexion');
    await card.getByLabel('Language').selectOption('fr');
    await expect(networkError.first()).toBeVisible();
    // A second failed save, said after the first has wholly run its course: still no 'saved'.
    await card.getByText('Mode clair').click();
    await expect(networkError).toHaveCount(2);
    const seen = await shownTexts(page);
    expect(seen).toContain('Erreur réseau');
    expect(seen).not.toMatch(/Preferences updated successfully|Préférences mises à jour/);
  });
});

test('a password rule that could not be downloaded leaves the answer to the server, which gives it', async ({
  page,
}) => {
  await page.route('**/assets/password-strength-*.js', (route) => route.abort('connectionfailed'));
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('no-rule'));
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await answered).status()).toBe(400);
  await expect(
    page.getByText('This password is one of the most common. Choose one that is harder to guess.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});
