import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpAndVerify, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

const NEW_PASSWORD = 'after the lock 42';

// Someone guesses an account's password: after 5 failures sign-in pauses, and the owner gets an
// e-mail whose link leads to a password reset, which lifts the pause.
test('a locked account’s owner is mailed; the link opens Forgot Password and the reset lifts the lock', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('guessed');
  await signUpAndVerify(page, email);
  await expect(page).toHaveURL(/\/signup\/identity$/);

  const attacker = await browser.newContext();
  try {
    const tab = await attacker.newPage();
    await tab.goto('/login');
    await tab.getByLabel('Email').fill(email);
    const login = tab.getByRole('button', { name: 'Login' });
    for (let i = 0; i < 5; i++) {
      await tab.getByLabel('Password', { exact: true }).fill(`guess number ${i}`);
      await login.click();
      await expect(login).toBeEnabled();
    }
    // Said on the form, where the person looks, and it stays there.
    const paused = tab.getByTestId('sign-in-paused');
    await expect(paused).toContainText('Sign-in is paused');
    await expect(paused).toContainText(/Too many attempts\. Please try again in \d+ minutes?\./);
    // Even the right password: the password step itself says sign-in is paused.
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.click();
    await expect(paused).toContainText('Sign-in is paused');
    await expect(tab).toHaveURL(/\/login$/);
  } finally {
    await attacker.close();
  }

  // The owner opens the e-mail elsewhere (say, their phone) and follows its link.
  const phone = await browser.newContext();
  try {
    await resetFromTheLockMail(await phone.newPage(), email);
  } finally {
    await phone.close();
  }
});

async function resetFromTheLockMail(page: Page, email: string) {
  const link = await mailedLink(email, '/auth/forgot-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.goto(await mailedLink(email, '/auth/reset-password'));
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The old password is refused as a wrong one (not locked), the new one signs in at once.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/signup\/identity$/, { timeout: 10_000 });
}
