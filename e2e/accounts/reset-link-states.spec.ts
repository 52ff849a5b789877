import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config';
import { type OmniaServer, startServer } from '../../apps/server/src/server';
import { E2E_BASE_URL } from '../../playwright.config';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

// The reset page asks the server about its link on arrival and says at once when it cannot work:
// no token, an unknown one, a used one, an expired one; 'Request a new one' leads to Forgot Password.

const NEW_PASSWORD = 'a fresh passphrase 9';

async function expectUnusable(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new one' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
}

/** An account (unverified is enough: a reset link goes to any account) and its reset link. */
async function resetLinkFor(page: Page, base: string) {
  const email = uniqueEmail('reset');
  const signup = await page.request.post(`${base}/api/auth/signup`, {
    data: { email, password: PASSWORD },
    headers: { Origin: base },
  });
  expect(signup.status()).toBe(201);
  const forgot = await page.request.post(`${base}/api/auth/forgot-password`, {
    data: { email },
    headers: { Origin: base },
  });
  expect(forgot.status()).toBe(200);
  return { email, link: await mailedLink(email, '/auth/reset-password') };
}

test('no token, or an unknown one: said at once, with the way to a new link', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expectUnusable(page, 'This page needs the link from your password reset email.');
  await page.getByRole('link', { name: 'Request a new one' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  await page.goto('/auth/reset-password?token=made-up-token');
  await expectUnusable(page, 'This reset link is not valid.');
});

test('a used link says so; the check on arrival never uses it up', async ({ page }) => {
  const { link } = await resetLinkFor(page, E2E_BASE_URL);
  // Opened twice: the first visit only checked it.
  await page.goto(link);
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link);
  await expectUnusable(page, 'This reset link has already been used.');
});

test.describe('an expired link', () => {
  // A server of this test's own whose reset links live 8 seconds (the same tunable the integration
  // tests use), on a port of the range given to this suite; its mail goes to the e2e SMTP peer.
  const port = Number(process.env.E2E_PORT ?? 3100) + 11;
  const base = `http://127.0.0.1:${port}`;
  const TTL_SECONDS = 8;
  let omnia: OmniaServer;
  let dataDir: string;
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'omnia-e2e-reset-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`,
    });
    omnia = await startServer(config, { modules: { accounts: { resetTokenTtlSeconds: TTL_SECONDS } } });
  });
  test.afterAll(async () => {
    await omnia?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('says so on arrival, and when it runs out while the form is open', async ({ page }) => {
    test.setTimeout(90_000);
    const { link } = await resetLinkFor(page, base);
    // The token was made before its mail arrived: from now, its lifetime is surely over after TTL + 1 s.
    const received = Date.now();
    await page.goto(link);
    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    // Past the link's lifetime, the form still open.
    await page.waitForTimeout(Math.max(0, received + (TTL_SECONDS + 1) * 1000 - Date.now()));
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
    await expectUnusable(page, 'This reset link has expired.');

    await page.goto(link);
    await expectUnusable(page, 'This reset link has expired.');
  });
});
