import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { approvedApp, authorizeUrl } from '../oauth/people';
import { captureCallback, relyingParty } from '../oauth/support';
import { askToChangeEmail, confirmWithPassword, onboardedUser, uniqueEmail } from '../support/accounts';
import { mailedLink } from '../support/mail';

/** What the person's authenticator app shows (the test is the app). */
const codeFor = (setupKey: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

// Security controls that take something away ask first, and say what is lost.
test('new recovery codes and turning two-step off ask first; turning off confirms it is you however fresh', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await onboardedUser(page, 'askfirst');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await page.goto('/settings?tab=security');
  const card = page.getByTestId('two-step-card');
  await card.getByRole('button', { name: 'Set up' }).click();
  await confirmWithPassword(page);
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const setupKey = (await setup.getByTestId('setup-key').textContent()) ?? '';
  await setup.getByLabel('6-digit code').fill(codeFor(setupKey));
  await setup.getByRole('button', { name: 'Verify' }).click();
  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const first = await saved.getByTestId('recovery-codes').locator('li').first().textContent();
  await saved.getByRole('button', { name: 'I saved them' }).click();

  // 'Generate new codes': asked first; Cancel changes nothing.
  await card.getByRole('button', { name: 'Generate new codes' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Generate new recovery codes?' });
  await expect(regenerate).toContainText('Your current recovery codes stop working at once.');
  await regenerate.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card.getByRole('button', { name: 'Generate new codes' }).click();
  await page
    .getByRole('dialog', { name: 'Generate new recovery codes?' })
    .getByRole('button', { name: 'Generate new codes' })
    .click();
  const fresh = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(fresh.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  expect(await fresh.getByTestId('recovery-codes').locator('li').first().textContent()).not.toBe(first);
  await fresh.getByRole('button', { name: 'I saved them' }).click();

  // 'Turn off': asked first, with what the account loses; then 'Confirm it's you', although this
  // session verified a code a moment ago.
  await card.getByRole('button', { name: 'Turn off' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off two-step verification?' });
  await expect(turnOff).toContainText('protected by your password alone');
  await turnOff.getByRole('button', { name: 'Keep it on' }).click();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off two-step verification?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('6-digit code').fill(codeFor(setupKey, Date.now() + 30_000));
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Authenticator app turned off')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Set up' })).toBeVisible();
});

const APP_PORT = Number(process.env.E2E_PORT ?? 3100) + 7040;
const APP_CALLBACK = `http://127.0.0.1:${APP_PORT}/oauth/callback`;

test('a double click on Allow still lands on the app; revoking the app in Settings asks first', async ({
  page,
  browser,
}) => {
  const client = await approvedApp(browser, 'Double Click App', APP_CALLBACK);
  const config = await relyingParty(client);
  await onboardedUser(page, 'dblclick');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const request = await authorizeUrl(config, APP_CALLBACK);
  const arrived = captureCallback(page, APP_CALLBACK);
  await page.goto(request.url.href);
  await page.getByRole('button', { name: 'Allow' }).dblclick();
  const back = await arrived;
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('error')).toBeNull();

  await page.goto('/settings?tab=security');
  const row = page.getByTestId('connected-app').filter({ hasText: 'Double Click App' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove Double Click App’s access?' });
  await expect(ask).toContainText('will no longer be able to use your account');
  await ask.getByRole('button', { name: 'Keep access' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Double Click App’s access?' })
    .getByRole('button', { name: 'Remove access' })
    .click();
  await expect(page.getByText('Access revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a change of address waiting for its link shows in Settings, and Cancel ends it', async ({ page }) => {
  await onboardedUser(page, 'pendingmail');
  await page.getByRole('button', { name: 'Finish Setup & Go to Dashboard' }).click();
  const next = uniqueEmail('pending');
  await askToChangeEmail(page, next);
  const pending = page.getByTestId('pending-email-change');
  await expect(pending).toContainText(`Waiting for confirmation: a change to ${next}`);
  await pending.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The change of address was cancelled')).toBeVisible();
  await expect(pending).toHaveCount(0);
  // Its link no longer changes anything.
  await page.goto(await mailedLink(next, '/auth/confirm-email'));
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByTestId('email-link-state')).toBeVisible();
});
