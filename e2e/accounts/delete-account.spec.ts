import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { approvedApp, authorizeUrl, redeem } from '../oauth/people';
import { captureCallback, relyingParty } from '../oauth/support';
import { onboardedUser, PASSWORD } from '../support/accounts';

const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7012;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;

test('downloading the data, then deleting the account: the address typed and the password; then it cannot sign in and can sign up again', async ({
  page,
  browser,
}) => {
  const { email } = await onboardedUser(page, 'leaving');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An app the person signed in to: its tokens must stop working once the account is gone.
  const config = await relyingParty(await approvedApp(browser, 'Leaving Notes', REDIRECT_URI));
  const request = await authorizeUrl(config, REDIRECT_URI);
  const callback = captureCallback(page, REDIRECT_URI);
  await page.goto(request.url.href);
  await page.getByRole('button', { name: 'Allow' }).click();
  const { tokens, claims } = await redeem(config, await callback, request);
  await page.goto('/settings');
  // First, the data: one JSON file with the profile and a session.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('your-data').getByRole('button', { name: 'Download your data' }).click();
  const file = await downloading;
  const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    account: { email: string };
    profile: { full_name: string };
    sessions: unknown[];
  };
  expect(data.account.email).toBe(email);
  expect(data.profile.full_name).toBe('Ada Lovelace');
  expect(data.sessions.length).toBeGreaterThan(0);

  const card = page.getByTestId('delete-account');
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await dialog.getByLabel(`Type ${email} to confirm`).fill('someone@else.test');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('not my password');
  await confirm.click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await confirm.click();
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(oidc.fetchUserInfo(config, tokens.access_token, claims.sub)).rejects.toThrow();

  const again = await page.request.post('/api/auth/signup', {
    data: { email, password: 'violet harbor lantern' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(201);
});
