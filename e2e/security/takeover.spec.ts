import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { authorizeUrl, redeem } from '../oauth/people';
import {
  approveClient,
  captureCallback,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from '../oauth/support';
import { askToChangeEmail, onboardedUser, PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

/*
 * Account takeover stories, each in two browsers: the owner's, and the attacker's, who has the
 * owner's password (phished) and so a session of their own. Whoever controls the owner's mailbox
 * must end up with the account.
 */

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** An onboarded owner in their browser, and an attacker signed in with the owner's password. */
async function ownerAndAttacker(owner: BrowserContext, attacker: BrowserContext) {
  const mine = await owner.newPage();
  const { email } = await onboardedUser(mine, 'victim');
  await mine.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(mine).toHaveURL(/\/dashboard$/);
  const theirs = await attacker.newPage();
  await signIn(theirs, email, PASSWORD);
  await expect(theirs).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  return { mine, theirs, email };
}

test('takeover by e-mail change, the old address signed up again: the owner’s cancel link gives the account back', async ({
  browser,
}) => {
  const owner = await browser.newContext();
  const attacker = await browser.newContext();
  try {
    const { mine, theirs, email } = await ownerAndAttacker(owner, attacker);
    const attackerAddress = uniqueEmail('attacker');
    await askToChangeEmail(theirs, attackerAddress);
    await theirs.goto(await mailedLink(attackerAddress, '/auth/confirm-email'));
    await theirs.getByRole('button', { name: 'Confirm the new address' }).click();
    await expect(theirs).toHaveURL(/\/settings\?email=changed$/);
    // The old address is free: the attacker signs it up too.
    const squat = await theirs.request.post('/api/auth/signup', {
      data: { email, password: 'squatting the old address' },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(squat.status()).toBe(201);

    // The owner opens the cancel link from the mail sent to the old address.
    await mine.goto(await mailedLink(email, '/auth/cancel-email-change'));
    await mine.getByRole('button', { name: 'Cancel the change and secure my account' }).click();
    await expect(mine.getByText(`The change was cancelled. Your account uses ${email} again.`)).toBeVisible();
    await mine.getByLabel('New Password', { exact: true }).fill('mine again for good');
    await mine.getByLabel('Confirm New Password').fill('mine again for good');
    await mine.getByRole('button', { name: 'Update Password' }).click();
    // Stored once the page moves on to sign-in; signing in before that raced the update.
    await expect(mine).toHaveURL(/\/login/);
    await signIn(mine, email, 'mine again for good');
    await expect(mine).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

    // The attacker is out: the session ended and neither password opens the account.
    await theirs.goto('/settings');
    await expect(theirs).toHaveURL(/\/login/, { timeout: 10_000 });
    await signIn(theirs, attackerAddress, PASSWORD);
    await expect(theirs.getByText('Invalid email or password')).toBeVisible();
    await signIn(theirs, email, PASSWORD);
    await expect(theirs.getByText('Invalid email or password')).toBeVisible();
  } finally {
    await owner.close();
    await attacker.close();
  }
});

test('e-mail change asked, then a password reset by the owner: the attacker’s confirm link is dead', async ({
  browser,
}) => {
  const owner = await browser.newContext();
  const attacker = await browser.newContext();
  try {
    const { mine, theirs, email } = await ownerAndAttacker(owner, attacker);
    const attackerAddress = uniqueEmail('attacker');
    await askToChangeEmail(theirs, attackerAddress);

    // The owner notices and resets the password by e-mail.
    await mine.goto('/auth/forgot-password');
    await mine.getByLabel('Email').fill(email);
    await mine.getByRole('button', { name: 'Send Reset Link' }).click();
    await mine.goto(await mailedLink(email, '/auth/reset-password'));
    await mine.getByLabel('New Password', { exact: true }).fill('reset by the owner now');
    await mine.getByLabel('Confirm New Password').fill('reset by the owner now');
    await mine.getByRole('button', { name: 'Update Password' }).click();
    await expect(mine).toHaveURL(/\/login/);

    // The attacker's confirm link no longer moves the address.
    await theirs.goto(await mailedLink(attackerAddress, '/auth/confirm-email'));
    await theirs.getByRole('button', { name: 'Confirm the new address' }).click();
    await expect(theirs.getByTestId('email-link-state')).toContainText(
      'This link is not valid, was already used, or the change was cancelled.',
    );
    await signIn(mine, email, 'reset by the owner now');
    await expect(mine).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await mine.goto('/settings');
    await expect(mine.getByText(email, { exact: true })).toBeVisible();
  } finally {
    await owner.close();
    await attacker.close();
  }
});

const APP_PORT = Number(process.env.E2E_PORT ?? 3100) + 7030;
const APP_CALLBACK = `http://127.0.0.1:${APP_PORT}/oauth/callback`;
const HARVEST = `http://127.0.0.1:${APP_PORT + 1}/harvest`;

test('an approved app re-pointed by its owner: the new name and address wait for review, users never go there', async ({
  browser,
}) => {
  const developer = await browser.newContext();
  const person = await browser.newContext();
  try {
    const dev = await developer.newPage();
    await signUpInBrowser(dev, 'repoint');
    const client = await registerClientInUi(dev, { name: 'Photo Prints', redirectUris: [APP_CALLBACK] });
    approveClient(client.clientId);
    const config = await relyingParty(client);

    // Someone allows the app (their consent is remembered).
    const user = await person.newPage();
    await signUpInBrowser(user, 'printer');
    const first = await authorizeUrl(config, APP_CALLBACK);
    const arrived = captureCallback(user, APP_CALLBACK);
    await user.goto(first.url.href);
    await user.getByRole('button', { name: 'Allow' }).click();
    await redeem(config, await arrived, first);

    // The developer's session renames the app and points it elsewhere.
    await dev.reload();
    await dev.getByRole('button', { name: 'Edit app' }).click();
    const dialog = dev.getByRole('dialog', { name: 'Edit app' });
    await dialog.getByLabel('Application Name').fill('Omnia Security Team');
    await dialog.getByLabel(/Description/).fill('Official Omnia account check. Please Allow.');
    await dialog.getByLabel('Redirect URI 1', { exact: true }).fill(HARVEST);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      dev.getByText('Saved. The new name, description, logo or addresses wait for review'),
    ).toBeVisible();
    const waiting = dev.getByTestId('pending-change');
    await expect(waiting).toContainText('New name: Omnia Security Team');
    await expect(waiting).toContainText('New description: Official Omnia account check. Please Allow.');
    await expect(waiting).toContainText(HARVEST);
    await expect(dev.getByRole('heading', { name: 'Photo Prints' })).toBeVisible();

    // The person is never sent to the new address, even silently; the reviewed one still works.
    const silent = await authorizeUrl(config, HARVEST, { prompt: 'none' });
    await user.goto(silent.url.href);
    await expect(user).toHaveURL(/\/oauth2\/consent\/error/);
    const again = await authorizeUrl(config, APP_CALLBACK, { prompt: 'none' });
    const back = captureCallback(user, APP_CALLBACK);
    await user.goto(again.url.href);
    expect((await back).searchParams.get('code')).toBeTruthy();
  } finally {
    await developer.close();
    await person.close();
  }
});
