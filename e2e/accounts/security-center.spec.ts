import { SECURITY_API } from '@omnia/contracts/security';
import { type Browser, expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { onboardedUser, PASSWORD } from '../support/accounts';

/** A second browser signs in to the account and signs out its other session: this browser's. */
async function signOutOthersElsewhere(browser: Browser, email: string) {
  const other = await browser.newContext();
  const login = await other.request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: E2E_BASE_URL },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const ended = await other.request.post(SECURITY_API.signOutOthers, {
    headers: { Origin: E2E_BASE_URL, Authorization: `Bearer ${access_token}` },
  });
  expect(await ended.json()).toEqual({ signed_out: 1 });
  await other.close();
}

test('a session from a second browser shows in Settings → Security; signing it out ends it at once', async ({
  page,
  browser,
}) => {
  const { email } = await onboardedUser(page, 'center');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A second browser signs in to the same account.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByLabel('Email').fill(email);
  await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await second.getByRole('button', { name: 'Login' }).click();
  await expect(second).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const sessions = page.getByTestId('active-session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  // The browser by name, from a maintained User-Agent parser.
  await expect(sessions.first()).toContainText('Chrome on Linux');
  await expect(page.getByTestId('security-activity')).toContainText('Signed in');

  await sessions.nth(1).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByTestId('security-activity')).toContainText('A session was signed out');

  // The other browser finds out on its next call, without a reload: its page asks it to sign in
  // again and comes back where it was, instead of staying up with every call refused.
  await second.getByRole('button', { name: 'Account menu' }).click();
  await second.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(second).toHaveURL(/\/login\?returnTo=%2Fsettings$/, { timeout: 10_000 });
  await expect(second.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // Its refresh no longer works either: opening Settings afresh finds it signed out.
  await second.goto('/settings');
  await expect(second).toHaveURL(/\/login\?returnTo=%2Fsettings$/, { timeout: 10_000 });
  await other.close();
});

test("signing out drops the account's data: signing in again in the same tab shows the new sign-in", async ({
  page,
}) => {
  // The landing page's intro and celebration would cover the header on the way back to Login.
  await page.addInitScript(() => {
    localStorage.setItem('hasSeenAnimation', 'true');
    localStorage.setItem('launchCelebrationShown', 'true');
  });
  const { email } = await onboardedUser(page, 'again');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Everything below is client-side navigation: a reload would empty the cache by itself.
  const openSecurity = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('tab', { name: 'Security' }).click();
  };
  const signIns = page.getByTestId('security-activity').getByText('Signed in', { exact: true });
  await openSecurity();
  await expect(signIns).not.toHaveCount(0);
  const before = await signIns.count();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // Within the 30 s the cache counts as fresh: only a cleared cache asks the server again.
  await openSecurity();
  await expect(signIns).toHaveCount(before + 1);
});

test('a session ended elsewhere: the tab that finds out tells the other tabs holding it', async ({
  page,
  browser,
}) => {
  const { email } = await onboardedUser(page, 'tabs');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const tab = await page.context().newPage();
  await tab.goto('/profile');
  await expect(tab.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();

  // Another browser signs in and signs out every other session, this browser's among them.
  await signOutOthersElsewhere(browser, email);

  // The first tab's next call finds out; the second tab, untouched, asks to sign in as well.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsettings$/, { timeout: 10_000 });
  await expect(tab).toHaveURL(/\/login\?returnTo=%2Fprofile$/, { timeout: 10_000 });
});

test('a session ended elsewhere: a tab that missed the other tab’s refresh still forgets it', async ({
  page,
  browser,
}) => {
  const { email } = await onboardedUser(page, 'missed');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // This tab does not hear what the other tab says about its refreshes, so it keeps an older
  // access token of the same session.
  await page.addInitScript({
    content: `{
      const Channel = window.BroadcastChannel;
      window.BroadcastChannel = class extends Channel {
        addEventListener(type, listener, options) {
          const heard = (event) => { if (event.data?.event !== 'TOKEN_REFRESHED') listener(event); };
          super.addEventListener(type, type === 'message' ? heard : listener, options);
        }
      };
    }`,
  });
  const refreshed = (p: typeof page) =>
    p.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
  const [mine] = await Promise.all([refreshed(page), page.reload()]);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
  const tab = await page.context().newPage();
  const [theirs] = await Promise.all([refreshed(tab), tab.goto('/profile')]);
  await expect(tab.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const token = async (r: Awaited<ReturnType<typeof refreshed>>) =>
    ((await r.json()) as { access_token: string }).access_token;
  expect(await token(theirs)).not.toBe(await token(mine));

  // Another browser signs out every other session, this browser's among them.
  await signOutOthersElsewhere(browser, email);

  // The second tab's next call finds out; the first, which made no call, forgets the session too.
  await tab.getByRole('button', { name: 'Account menu' }).click();
  await tab.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(tab).toHaveURL(/\/login\?returnTo=%2Fsettings$/, { timeout: 10_000 });
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/, { timeout: 10_000 });
});
