import { API, type AuthSession, type IdentityInput } from '@omnia/contracts';
import { type APIResponse, expect, type Page } from '@playwright/test';
import { mailedLink } from './mail';

export const PASSWORD = 'correct horse 1';

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * The verification e-mail's link (the SMTP peer received it), opened in this browser, and its
 * button pressed: the browser that signed up is signed in. Opening alone changes nothing.
 */
export async function verifyInBrowser(page: Page, email: string) {
  await page.goto(await mailedLink(email, '/auth/callback'));
  await page.getByRole('button', { name: 'Verify my email' }).click();
}

/**
 * Sign-up in the browser, then the verification link from the e-mail the SMTP peer received;
 * returns once verified and signed in (on the identity step), never with the verification in flight.
 */
export async function signUpAndVerify(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification-required$/);
  await verifyInBrowser(page, email);
  await expect(page).toHaveURL(/\/signup\/identity$/);
}

export async function fillIdentity(page: Page, username: string, fullName = 'Ada Lovelace') {
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Date of Birth').fill('1990-12-10');
}

/** A sign-up as the web app sends it, from this browser (which then holds the sign-up's cookie). */
export async function signUpThroughApi(page: Page, email: string, password = PASSWORD) {
  await expectStatus(await page.request.post(API.auth.signup, { data: { email, password } }), 201);
}

/**
 * A verified account with a finished identity, signed in in this browser, on /signup/setup. Made
 * through the API as the web app calls it (sign-up, the mailed link's token, the identity), since
 * the sign-up and identity screens have specs of their own: a test that needs an account spends
 * its time on what it tests.
 */
export async function onboardedUser(page: Page, prefix = 'user') {
  const email = uniqueEmail(prefix);
  const username = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const api = page.request;
  await signUpThroughApi(page, email);
  const token = new URL(await mailedLink(email, '/auth/callback')).searchParams.get('token');
  // This browser signed up (it holds the sign-up's cookie), so the link signs it in.
  await expectStatus(await api.post(API.auth.verify, { data: { token } }), 200);
  const refreshed = await api.post(API.auth.refresh);
  await expectStatus(refreshed, 200);
  const { access_token } = (await refreshed.json()) as AuthSession;
  const identity: IdentityInput = { full_name: 'Ada Lovelace', username, date_of_birth: '1990-12-10' };
  await expectStatus(
    await api.put(API.me.profile, { headers: { Authorization: `Bearer ${access_token}` }, data: identity }),
    200,
  );
  await page.goto('/signup/setup');
  await expect(page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' })).toBeVisible();
  return { email, username };
}

async function expectStatus(response: APIResponse, status: number) {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
}

/** Settings → Change email, from a signed-in page: the link goes to `to`, the page says so. */
export async function askToChangeEmail(page: Page, to: string) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByLabel('New email address').fill(to);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`Check ${to} for a link to confirm the change.`)).toBeVisible();
}

/**
 * Answers 'Confirm it's you' with the password: adding a way to sign in (an authenticator app, a
 * passkey, new recovery codes) asks for it however fresh the sign-in.
 */
export async function confirmWithPassword(page: Page, password = PASSWORD) {
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm.getByText('Enter your password to continue.')).toBeVisible();
  await confirm.getByLabel('Password', { exact: true }).fill(password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm).toBeHidden();
}
