import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmWithPassword, onboardedUser, PASSWORD } from '../support/accounts';
import { approvedApp, authorizeUrl, redeem } from './people';
import { captureCallback, relyingParty } from './support';

// The relying party's callback: a loopback port of this spec's own.
const CALLBACK_PORT = Number(process.env.E2E_PORT ?? 3100) + 7011;
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}/oauth/callback`;
const MFA = 'urn:omnia:acr:mfa';

const codeFor = (setupKey: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** Turns the authenticator app on in Settings; the setup key. */
async function enableTotp(page: Page): Promise<string> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByTestId('two-step-card').getByRole('button', { name: 'Set up' }).click();
  await confirmWithPassword(page);
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const key = (await setup.getByTestId('setup-key').textContent()) ?? '';
  // The current step: still within the drift window if a step ends before the server checks it.
  await setup.getByLabel('6-digit code').fill(codeFor(key));
  await setup.getByRole('button', { name: 'Verify' }).click();
  await page
    .getByRole('dialog', { name: 'Save your recovery codes' })
    .getByRole('button', { name: 'I saved them' })
    .click();
  return key;
}

test('acr_values asking for two factors: a one-factor session is asked for the code; the id_token says pwd, otp, mfa', async ({
  page,
  browser,
}) => {
  const client = await approvedApp(browser, 'Strict Reader', REDIRECT_URI);
  const config = await relyingParty(client);
  const { email } = await onboardedUser(page, 'acr');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // This browser's session signed in with the password; two-step is turned on from another one.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/login');
  await elsewhere.getByLabel('Email').fill(email);
  await elsewhere.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await elsewhere.getByRole('button', { name: 'Login' }).click();
  await expect(elsewhere).not.toHaveURL(/\/login/, { timeout: 10_000 });
  const key = await enableTotp(elsewhere);
  await other.close();

  const request = await authorizeUrl(config, REDIRECT_URI, { acr_values: MFA });
  const callback = captureCallback(page, REDIRECT_URI);
  await page.goto(request.url.href);
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  // A step ahead: later than the setup's step, which a code must be to count.
  await page.getByLabel('6-digit code').fill(codeFor(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  const { claims } = await redeem(config, await callback, request);
  expect(claims.acr).toBe(MFA);
  expect([...((claims.amr as string[] | undefined) ?? [])].sort()).toEqual(['mfa', 'otp', 'pwd']);
});
