import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

// The verification link signs in only the browser that signed up. Opened anywhere else (a victim
// sent an attacker's own link, or the owner reading the mail on another device) it asks for the
// account's password, and signs nobody in.
test('the verification link opened in another browser asks for the password, then the sign-in page', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  await signUp(page, email);
  const link = await mailedLink(email, '/auth/callback');

  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await tab.goto(link);
    // Opening it changed nothing: the page asks first.
    await expect(tab.getByText(`To verify ${email} here, choose the account’s password`)).toBeVisible();
    expect((await other.cookies()).map((c) => c.name)).not.toContain('omnia_refresh');
    await tab.getByLabel('New Password', { exact: true }).fill('the mailbox owner decides');
    await tab.getByLabel('Confirm New Password').fill('the mailbox owner decides');
    await tab.getByRole('button', { name: 'Verify and set password' }).click();
    await expect(tab).toHaveURL(/\/login\?verified=1/);
    await expect(tab.getByRole('status')).toHaveText('Your email address is verified. Sign in to continue.');
    await expect(tab.getByLabel('Email')).toHaveValue(email);
    expect((await other.cookies()).map((c) => c.name)).not.toContain('omnia_refresh');

    // The new password signs in, and the address is verified, so onboarding goes on.
    await tab.getByLabel('Password', { exact: true }).fill('the mailbox owner decides');
    await tab.getByRole('button', { name: 'Login' }).click();
    await expect(tab).toHaveURL(/\/signup\/identity$/, { timeout: 10_000 });
  } finally {
    await other.close();
  }

  // The link is used: the sign-up browser is told so, and signed in with nothing.
  await page.goto(link);
  await expect(page.getByTestId('verify-link-state')).toContainText('This link has already been used');
});

test('pre-account takeover: the owner signs up an address someone else signed up first, in two browsers', async ({
  browser,
}) => {
  const email = uniqueEmail('preowned');
  const attacker = await browser.newContext();
  const owner = await browser.newContext();
  try {
    // The attacker signs the address up with a password of their own and stays signed in.
    const theirs = await attacker.newPage();
    await signUp(theirs, email, 'the attacker picked this');
    // The real owner signs up later with their own password, and verifies in their own browser.
    const mine = await owner.newPage();
    await signUp(mine, email, 'the owner picked this one');
    // The second verification mail: the owner's (the attacker's link stopped working).
    await mine.goto(await mailedLink(email, '/auth/callback', 15_000, 2));
    await mine.getByRole('button', { name: 'Verify my email' }).click();
    await expect(mine).toHaveURL(/\/signup\/identity$/, { timeout: 10_000 });

    // The attacker's session ended, and their password no longer opens the account.
    await theirs.goto('/signup/identity');
    await expect(theirs).toHaveURL(/\/login/, { timeout: 10_000 });
    await signIn(theirs, email, 'the attacker picked this');
    await expect(theirs.getByText('Invalid email or password')).toBeVisible();
  } finally {
    await attacker.close();
    await owner.close();
  }
});

test('pre-account takeover: the owner opens the attacker’s own verification mail and sets the only password', async ({
  browser,
}) => {
  const email = uniqueEmail('clicked');
  const attacker = await browser.newContext();
  const owner = await browser.newContext();
  try {
    const theirs = await attacker.newPage();
    await signUp(theirs, email, 'the attacker picked this');
    // The owner finds a verification mail they did not ask for and opens it in a fresh browser.
    const mine = await owner.newPage();
    await mine.goto(await mailedLink(email, '/auth/callback'));
    await mine.getByLabel('New Password', { exact: true }).fill('only the owner knows');
    await mine.getByLabel('Confirm New Password').fill('only the owner knows');
    await mine.getByRole('button', { name: 'Verify and set password' }).click();
    await expect(mine).toHaveURL(/\/login\?verified=1/);

    await theirs.goto('/signup/identity');
    await expect(theirs).toHaveURL(/\/login/, { timeout: 10_000 });
    await signIn(theirs, email, 'the attacker picked this');
    await expect(theirs.getByText('Invalid email or password')).toBeVisible();
    await signIn(mine, email, 'only the owner knows');
    await expect(mine).toHaveURL(/\/signup\/identity$/, { timeout: 10_000 });
  } finally {
    await attacker.close();
    await owner.close();
  }
});
