import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';
import { registerClientInUi } from './support';

/*
 * An app's security profile: the developer turns on the FAPI 2.0 profile, is told what
 * it needs, registers public keys (a private one is refused), and the profile shows what it turned on.
 */
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicJwks = JSON.stringify({
  keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' }],
});
const privateJwks = JSON.stringify({ keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'k1' }] });

test('FAPI 2.0 asks for a private key; a private key set is refused; public keys are saved', async ({
  page,
}) => {
  await onboardedUser(page, 'bank');
  await registerClientInUi(page, { name: 'Bank App', redirectUris: ['https://bank.example/cb'] });
  const card = page.getByTestId('security-profile');
  await expect(card.getByRole('switch', { name: 'Require DPoP' })).not.toBeChecked();

  await card.getByRole('switch', { name: 'FAPI 2.0 security profile' }).click();
  // What the profile turns on shows as on, and is not to be turned off under it.
  await expect(card.getByRole('switch', { name: 'Require DPoP' })).toBeChecked();
  await expect(card.getByRole('switch', { name: 'Require DPoP' })).toBeDisabled();
  await expect(card.getByRole('switch', { name: 'Require pushed authorization requests' })).toBeChecked();
  await card.getByRole('button', { name: 'Save security profile' }).click();
  await expect(card.getByText('The FAPI 2.0 profile needs authentication with a private key')).toBeVisible();

  await card.getByRole('radio', { name: /Private key JWT/ }).check();
  await card.getByLabel('Public keys (JWKS)').fill(privateJwks);
  await card.getByRole('button', { name: 'Save security profile' }).click();
  await expect(
    card.getByText('This key set contains a private key: paste only the public keys'),
  ).toBeVisible();

  await card.getByLabel('Public keys (JWKS)').fill(publicJwks);
  await card.getByRole('button', { name: 'Save security profile' }).click();
  await expect(page.getByText('Security profile saved')).toBeVisible();

  await page.reload();
  const saved = page.getByTestId('security-profile');
  await expect(saved.getByRole('switch', { name: 'FAPI 2.0 security profile' })).toBeChecked();
  await expect(saved.getByRole('radio', { name: /Private key JWT/ })).toBeChecked();
  await expect(saved.getByLabel('Public keys (JWKS)')).toHaveValue(/"kid": "k1"/);
  await expect(saved.getByLabel('Public keys (JWKS)')).not.toHaveValue(/"d":/);
});

test('a refusal the card has no switch for is still said', async ({ page }) => {
  await onboardedUser(page, 'tv');
  await registerClientInUi(page, { name: 'TV App', redirectUris: [], type: 'Device or command line' });
  const card = page.getByTestId('security-profile');
  // A device app is offered DPoP only; the request is changed on its way to also ask for PAR, which
  // the server refuses for an app that sends nobody back.
  await expect(card.getByRole('switch', { name: 'Require pushed authorization requests' })).toHaveCount(0);
  await page.route('**/api/developer/clients/*/security', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, require_par: true }) });
  });
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/security') && r.request().method() === 'PUT',
  );
  await card.getByRole('switch', { name: 'Require DPoP' }).click();
  await card.getByRole('button', { name: 'Save security profile' }).click();
  expect((await answered).status()).toBe(400);
  await expect(
    page.getByText(
      'Only apps that send people back to a redirect URI can require pushed authorization requests',
    ),
  ).toBeVisible();
  await expect(page.getByText('Security profile saved')).toHaveCount(0);
});
