import { expect, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';

/*
 * Dynamic client registration: the developer makes a registration token on the
 * dashboard, a tool registers an app with it, the app shows among theirs in testing mode, and the
 * token, revoked, registers nothing more.
 */
test('a registration token registers an app for its developer until it is revoked', async ({
  page,
  request,
}) => {
  await onboardedUser(page, 'tooling');
  await page.goto('/dev-program/oauth2?tab=registration');
  const card = page.getByTestId('registration-tokens');
  await expect(card.getByText('No registration tokens.')).toBeVisible();
  await card.getByLabel('Name').fill('Deploy pipeline');
  await card.getByLabel('Apps it may register').fill('2');
  await card.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Registration token created')).toBeVisible();
  const token = (await card.getByTestId('api-secret').textContent()) ?? '';
  expect(token).toMatch(/^omnia_iat_/);
  await expect(card.getByTestId('registration-token-list')).toContainText('0 of 2 apps registered');

  const registered = await request.post('/oauth2/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { client_name: 'Pipeline App', redirect_uris: ['https://pipeline.example/cb'] },
  });
  expect(registered.status()).toBe(201);

  const made = (await registered.json()) as {
    registration_client_uri: string;
    registration_access_token: string;
  };

  await page.goto('/dev-program/oauth2');
  const appCard = page.getByTestId('client-card').filter({ hasText: 'Pipeline App' });
  await expect(appCard).toBeVisible();
  // On its page: registered by a tool, whose access ends there.
  await appCard.getByRole('link', { name: 'View Details' }).click();
  const notice = page.getByTestId('app-registration');
  await expect(notice.getByText('Registered by a tool')).toBeVisible();
  await notice.getByRole('button', { name: 'Revoke the tool’s access' }).click();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByText('The tool’s access was revoked')).toBeVisible();
  await expect(notice).toHaveCount(0);
  const gone = await request.get(made.registration_client_uri, {
    headers: { authorization: `Bearer ${made.registration_access_token}` },
  });
  expect(gone.status()).toBe(401);

  await page.goto('/dev-program/oauth2?tab=registration');
  await expect(card.getByTestId('registration-token-list')).toContainText('1 of 2 apps registered');
  await card.getByRole('button', { name: 'Revoke Deploy pipeline' }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('Registration token revoked')).toBeVisible();
  await expect(card.getByText('No registration tokens.')).toBeVisible();
  const refused = await request.post('/oauth2/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { client_name: 'Too late', redirect_uris: ['https://pipeline.example/cb'] },
  });
  expect(refused.status()).toBe(401);
});
