import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type RegisteredClient, registerClientInUi, signUpInBrowser } from './support';

test('signed out, the dashboard asks to sign in and still shows the documentation', async ({ page }) => {
  await page.goto('/dev-program/oauth2');
  await expect(page.getByRole('heading', { name: 'Developer Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register New App' })).toHaveAttribute(
    'href',
    '/dev-program/oauth2/new',
  );
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/login?returnTo=/dev-program/oauth2',
  );
  await page.getByRole('tab', { name: 'Documentation' }).click();
  for (const tab of ['Overview', 'Auth Flow', 'Endpoints', 'Code Examples']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(`${origin}/oauth2/token`, { exact: true })).toBeVisible();
});

test.describe('a signed-in developer', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let client: RegisteredClient;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    await signUpInBrowser(page, 'forms');
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('sees an empty dashboard', async () => {
    await page.goto('/dev-program/oauth2');
    await expect(page.getByText('No OAuth2 clients')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register your first application' })).toHaveAttribute(
      'href',
      '/dev-program/oauth2/new',
    );
  });

  test('the register form explains what is missing', async () => {
    await page.goto('/dev-program/oauth2/new');
    await expect(page.getByLabel(/Description/)).toHaveAttribute('rows', '3');
    // One empty row, no remove button until there are two.
    await expect(page.getByLabel('Redirect URI 1', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: /Remove redirect URI/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Redirect URI' }).click();
    await expect(page.getByRole('button', { name: /Remove redirect URI/ })).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove redirect URI 2' }).click();
    await expect(page.getByRole('button', { name: /Remove redirect URI/ })).toHaveCount(0);
    // Most apps need to reach their users: e-mail is ticked from the start, with profile.
    await expect(page.getByRole('checkbox', { name: /profile/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /email/ })).toBeChecked();

    for (const box of await page.getByRole('checkbox').all()) {
      if ((await box.getAttribute('aria-checked')) === 'true') await box.click();
    }
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByText('Application name is required')).toBeVisible();
    await expect(page.getByText('At least one redirect URI is required')).toBeVisible();
    await expect(page.getByText('At least one scope is required')).toBeVisible();

    // Blank rows are dropped: a blank second row does not count.
    await page.getByLabel('Application Name').fill('Half Filled');
    await page.getByRole('button', { name: 'Add Redirect URI' }).click();
    await page.getByLabel('Redirect URI 1', { exact: true }).fill('   ');
    await page.getByRole('checkbox', { name: /profile/ }).click();
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByText('Application name is required')).toHaveCount(0);
    await expect(page.getByText('At least one scope is required')).toHaveCount(0);
    await expect(page.getByText('At least one redirect URI is required')).toBeVisible();

    // The logo field takes images only.
    await page.getByTestId('logo-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('Please choose an image file')).toBeVisible();
  });

  test('registers an app with a logo, then registers another', async () => {
    await page.goto('/dev-program/oauth2/new');
    await page.getByLabel('Application Name').fill('Logo App');
    await page.getByTestId('logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOoCLhDEmIY1RAwGkoVwzVpAADkrqQQI9kr4QAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await page.getByLabel('Redirect URI 1', { exact: true }).fill('https://logo.example/callback');
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
    // Where next: the app's own page and the docs, and the account menu in the header.
    await expect(page.getByRole('link', { name: 'Open the app’s page' })).toHaveAttribute(
      'href',
      /^\/dev-program\/oauth2\/clients\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('link', { name: 'Read how to sign people in' })).toHaveAttribute(
      'href',
      '/dev-program/oauth2?tab=documentation',
    );
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Register Another Application' }).click();
    await expect(page.getByLabel('Application Name')).toHaveValue('');
    await page.getByRole('link', { name: 'Back to Developer Dashboard' }).click();
    await expect(page).toHaveURL(/\/dev-program\/oauth2$/);
    const card = page.getByTestId('client-card').filter({ hasText: 'Logo App' });
    await expect(card.getByRole('img', { name: 'Logo App logo' })).toBeVisible();
    await expect(card.getByText('No description provided')).toBeVisible();
  });

  test('client detail: copy, reveal and rotate the secret', async () => {
    client = await registerClientInUi(page, {
      name: 'Secret Keeper',
      redirectUris: ['https://keeper.example/cb', 'http://localhost:4000/cb'],
    });
    await expect(page.getByText('No description', { exact: true })).toBeVisible();
    await expect(page.getByText('https://keeper.example/cb')).toBeVisible();
    await expect(page.getByText('http://localhost:4000/cb')).toBeVisible();

    await page.getByRole('button', { name: 'Copy Client ID' }).click();
    await expect(page.getByText('Client ID copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(client.clientId);

    const secret = page.getByTestId('client-secret');
    await page.getByRole('button', { name: 'Hide client secret' }).click();
    await expect(secret).toHaveText('\u2022'.repeat(20));

    await page.getByRole('button', { name: 'Rotate Client Secret' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(
        'Are you sure you want to rotate your client secret? This will invalidate the current secret and generate a new one.',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
    await expect(page.getByText('Client secret rotated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Show client secret' }).click();
    await expect(secret).not.toHaveText(client.clientSecret);
    const rotated = (await secret.textContent())?.trim() ?? '';
    expect(rotated.length).toBeGreaterThan(20);

    // The old secret stops working at once.
    const token = (secret: string) =>
      page.request.post('/oauth2/token', {
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: client.clientId,
          client_secret: secret,
        },
      });
    expect((await token(client.clientSecret)).status()).toBe(401);
    expect((await token(rotated)).status()).toBe(400);

    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    await expect(page.getByText('Client Secret copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rotated);
  });

  test('rotate with a grace period: both secrets work, the old one’s last use shows, then revoke it', async () => {
    const secret = page.getByTestId('client-secret');
    // Still shown from the test before, whose toast has gone (so the next one is this test's).
    await expect(page.getByRole('button', { name: 'Hide client secret' })).toBeVisible();
    await expect(page.getByText('Client secret rotated successfully')).toHaveCount(0);
    const before = (await secret.textContent())?.trim() ?? '';
    await page.getByRole('button', { name: 'Rotate Client Secret' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Keep the old secret working for').selectOption({ label: '24 hours' });
    await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
    await expect(page.getByText('Client secret rotated successfully')).toBeVisible();
    const previous = page.getByTestId('previous-secret');
    await expect(previous.getByText(/^Still works until /)).toBeVisible();
    await expect(previous.getByText('Not used since the rotation.')).toBeVisible();
    await expect(secret).not.toHaveText(before);
    const after = (await secret.textContent())?.trim() ?? '';
    expect(after).not.toBe(before);

    const token = (value: string) =>
      page.request.post('/oauth2/token', {
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: client.clientId,
          client_secret: value,
        },
      });
    // Both authenticate (the bogus refresh token is then refused: 400, not 401).
    expect((await token(before)).status()).toBe(400);
    expect((await token(after)).status()).toBe(400);
    await page.reload();
    await expect(previous.getByText(/^Last used .*: something still sends it\.$/)).toBeVisible();
    // Only the last two secrets work: rotating again now would end the old one, as the dialog says.
    await page.getByRole('button', { name: 'Rotate Client Secret' }).click();
    const again = page.getByRole('dialog');
    await expect(
      again.getByText(/^The secret replaced by the last rotation stops working now, not on /),
    ).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    await previous.getByRole('button', { name: 'Revoke old secret now' }).click();
    const confirm = page.getByRole('dialog');
    await expect(
      confirm.getByText('Requests that still send the old secret will be refused at once.', { exact: false }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke old secret' }).click();
    await expect(page.getByText('The old secret no longer works.')).toBeVisible();
    await expect(previous).toBeHidden();
    expect((await token(before)).status()).toBe(401);
    expect((await token(after)).status()).toBe(400);
  });

  test('a back-channel logout URI: a wrong one is explained, a right one saved; deliveries are listed', async () => {
    const section = page.getByTestId('backchannel-logout');
    await expect(section.getByText('None registered')).toBeVisible();
    await section.getByRole('button', { name: 'Edit back-channel logout URI' }).click();
    const field = section.getByLabel('Back-channel logout URI');
    await field.fill('http://keeper.example/logout');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(
      section.getByText(
        'The back-channel logout URI must be an absolute https URL (http only for localhost)',
      ),
    ).toBeVisible();
    // One only the server can refuse (a private network's): said under the field too, no toast.
    await field.fill('https://10.0.0.5/logout');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(
      section.getByText('Use a public address: Omnia does not call private or local networks'),
    ).toBeVisible();
    await expect(page.getByText('Failed to save settings')).toHaveCount(0);
    await field.fill('https://keeper.example/backchannel-logout');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('https://keeper.example/backchannel-logout')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('backchannel-logout').getByText('https://keeper.example/backchannel-logout'),
    ).toBeVisible();
    const deliveries = page.getByTestId('logout-deliveries');
    await expect(deliveries.getByRole('heading', { name: 'Logout deliveries' })).toBeVisible();
    await expect(deliveries.getByText('No logout tokens sent yet.')).toBeVisible();
  });

  test('Recent errors lists what the endpoints refused, in words to act on', async () => {
    await page.reload();
    const card = page.getByTestId('recent-errors');
    await expect(card.getByRole('heading', { name: 'Recent errors' })).toBeVisible();
    // The tests before sent replaced secrets (twice) and bogus refresh tokens.
    const refusedSecrets = card.getByRole('listitem').filter({ hasText: 'invalid_client' });
    await expect(refusedSecrets).toHaveCount(2);
    await expect(refusedSecrets.first()).toContainText('invalid secret provided');
    await expect(refusedSecrets.first()).toContainText('at the token endpoint');
    // The bogus refresh tokens sent with good secrets.
    await expect(
      card.getByText('the refresh token is unknown: it was not issued here, or it was revoked').first(),
    ).toBeVisible();
  });

  test('registers with PKCE off and a post-logout URI, sees both on the detail page, switches PKCE back on', async () => {
    await page.goto('/dev-program/oauth2/new');
    await page.getByLabel('Application Name').fill('Logout App');
    await page.getByLabel('Redirect URI 1', { exact: true }).fill('https://logout.example/cb');
    const pkce = page.getByRole('checkbox', { name: 'Require PKCE' });
    await expect(pkce).toHaveAttribute('aria-checked', 'true');
    await expect(pkce).toHaveAccessibleDescription(/PKCE protects the authorization code/);
    await pkce.click();
    await expect(pkce).toHaveAttribute('aria-checked', 'false');
    // One empty row to start with; a blank extra row is dropped.
    await page.getByLabel('Post-logout redirect URI 1', { exact: true }).fill('http://evil.example/bye');
    await page.getByRole('button', { name: 'Add Post-logout URI' }).click();
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(
      page.getByText('Post-logout redirect URIs must be absolute https URLs (http only for localhost)'),
    ).toBeVisible();
    await page.getByLabel('Post-logout redirect URI 1', { exact: true }).fill('https://logout.example/bye');
    await page.getByRole('button', { name: 'Register Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to Developer Dashboard' }).click();
    await page
      .getByTestId('client-card')
      .filter({ hasText: 'Logout App' })
      .getByRole('link', { name: 'View Details' })
      .click();
    const settings = page.getByTestId('client-settings');
    const toggle = settings.getByRole('switch', { name: 'Require PKCE' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(settings.getByTestId('post-logout-uris')).toHaveText('https://logout.example/bye');

    await toggle.click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(
      page.getByTestId('client-settings').getByRole('switch', { name: 'Require PKCE' }),
    ).toHaveAttribute('aria-checked', 'true');

    // The list is edited with the same rows.
    await settings.getByRole('button', { name: 'Edit', exact: true }).click();
    await settings.getByRole('button', { name: 'Add Post-logout URI' }).click();
    await settings
      .getByLabel('Post-logout redirect URI 2', { exact: true })
      .fill('http://localhost:4000/bye');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByTestId('post-logout-uris').getByRole('listitem')).toHaveText([
      'https://logout.example/bye',
      'http://localhost:4000/bye',
    ]);
  });

  test('an unknown client shows Client not found', async () => {
    await page.goto('/dev-program/oauth2/clients/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Client not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Clients' }).click();
    await expect(page).toHaveURL(/\/dev-program\/oauth2$/);
  });
});
