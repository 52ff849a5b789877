import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmWithPassword, onboardedUser, PASSWORD } from '../support/accounts';

/** What the person's authenticator app shows for a time (the test is the app). */
const codeFor = (setupKey: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // It says which account is signing in.
  await expect(page.getByTestId('two-step-account')).toHaveText(`Signing in as ${email}`);
}

test('an authenticator app: set up with its code, then sign-in asks for it; a recovery code works once', async ({
  page,
  browser,
}) => {
  // Enrolment, four sign-ins and a recovery request in two browsers: longer than one screen's test.
  test.setTimeout(150_000);
  const { email } = await onboardedUser(page, 'totp');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A second browser signed in before two-step was on: its session has no second factor yet.
  const other = await browser.newContext();
  const earlier = await other.newPage();
  await earlier.goto('/login');
  await earlier.getByLabel('Email').fill(email);
  await earlier.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await earlier.getByRole('button', { name: 'Login' }).click();
  await expect(earlier).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const card = page.getByTestId('two-step-card');
  await card.getByRole('button', { name: 'Set up' }).click();
  // Adding a way to sign in confirms it's you, although this session signed in a moment ago.
  await confirmWithPassword(page);
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = (await setup.getByTestId('setup-key').textContent()) ?? '';
  expect(setupKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await setup.getByLabel('6-digit code').fill('000000');
  await setup.getByRole('button', { name: 'Verify' }).click();
  await expect(setup.getByText('That code is not valid. Check it and try again.')).toBeVisible();
  // The current step: if a step ends before the server checks it, it is still within the drift
  // window (a step back, used here before, was refused when a step ended in between).
  await setup.getByLabel('6-digit code').fill(codeFor(setupKey));
  await setup.getByRole('button', { name: 'Verify' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(saved.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const codes = (await saved.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) =>
    c.trim(),
  );
  expect(codes).toHaveLength(10);
  await saved.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByTestId('recovery-remaining')).toHaveText(
    '10 of 10 left. Each works once if you lose your phone.',
  );

  // The earlier browser's session must confirm with a code before revealing an app's secret.
  await earlier.goto('/dev-program/oauth2/new');
  await earlier.getByLabel('Application Name').fill('Step-up App');
  await earlier.getByLabel('Redirect URI 1', { exact: true }).fill('https://step.example/cb');
  await earlier.getByRole('button', { name: 'Register Application' }).click();
  await earlier.getByRole('link', { name: 'Go to Developer Dashboard' }).click();
  await earlier
    .getByTestId('client-card')
    .filter({ hasText: 'Step-up App' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await earlier.getByRole('button', { name: 'Show client secret' }).click();
  const confirm = earlier.getByRole('dialog', { name: "Confirm it's you" });
  await expect(
    confirm.getByText('Enter the 6-digit code from your authenticator app to continue.'),
  ).toBeVisible();
  // A code counts once, so the step-up uses a recovery code (the link under the field).
  await confirm.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await confirm.getByLabel('Recovery code').fill(codes[1] ?? '');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(earlier.getByTestId('client-secret')).not.toHaveText(/^\u2022+$/);
  await other.close();

  // Sign-in now has a second step: a wrong code is refused, the app's code lets the person in.
  await page.goto('/dashboard');
  await logOut(page);
  await passwordStep(page, email);
  await page.getByLabel('6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Check it and try again.')).toBeVisible();
  // A step ahead: always later than the setup's step, which a code must be to count.
  await page.getByLabel('6-digit code').fill(codeFor(setupKey, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // The wrong code is in the activity for what it was: someone had the password, not the code.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const activity = page.getByTestId('security-activity');
  await expect(activity).toContainText('Right password, but the second step failed');
  await expect(activity).toContainText('Someone knew your password.');
  // One list, filterable: apps show the secret shown (none of the sign-ins), sign-ins show it,
  // account changes the new factor.
  await page.getByRole('button', { name: 'Apps', exact: true }).click();
  await expect(activity).toContainText('Client secret revealed');
  await expect(activity).toContainText('Step-up App');
  await expect(activity).not.toContainText('Right password, but the second step failed');
  await page.getByRole('button', { name: 'Sign-ins', exact: true }).click();
  await expect(activity).toContainText('Right password, but the second step failed');
  await expect(activity).not.toContainText('Two-step verification turned on');
  await page.getByRole('button', { name: 'Account changes', exact: true }).click();
  await expect(activity).toContainText('Two-step verification turned on');
  await expect(activity).not.toContainText('Signed in');
  await expect(page.getByRole('heading', { name: 'Recent sign-ins' })).toHaveCount(0);

  // A recovery code instead: it works once.
  await logOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await logOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Check it and try again.')).toBeVisible();
  await page.getByLabel('Recovery code').fill(codes[2] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // Someone with the password but no second step asks for recovery: it waits seven days...
  const thief = await browser.newContext();
  const stranger = await thief.newPage();
  await passwordStep(stranger, email);
  await stranger.getByRole('button', { name: 'Lost your authenticator app and recovery codes?' }).click();
  await stranger.getByRole('button', { name: 'Request account recovery' }).click();
  await expect(stranger.getByRole('status')).toContainText(
    'Recovery requested. Two-step verification turns off on',
  );
  await thief.close();
  // ...and the owner, signed in, sees it in Settings and cancels it at once.
  await page.goto('/settings?tab=security');
  const notice = page.getByTestId('two-step-card').getByRole('alert');
  await expect(notice).toContainText(
    'Someone who knew your password asked to turn off two-step verification',
  );
  await notice.getByRole('button', { name: 'Cancel the request' }).click();
  await expect(notice).toHaveCount(0);
});
