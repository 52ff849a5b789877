import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerClientInUi, signUpInBrowser } from './support';

/*
 * An app's webhook on its page: added with its events, its signing secret shown once,
 * a test event delivered to a real endpoint and listed, re-sent, the secret rotated, removed.
 */
test.describe.configure({ mode: 'serial' });
let context: BrowserContext;
let page: Page;
let endpoint: Server;
let endpointUrl = '';
const bodies: string[] = [];

test.beforeAll(async ({ browser }) => {
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => endpoint.listen(0, '127.0.0.1', done));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
  context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  await signUpInBrowser(page, 'hooks');
  await registerClientInUi(page, { name: 'Hooked App', redirectUris: ['https://hooked.example/cb'] });
});
test.afterAll(async () => {
  await context.close();
  await new Promise<void>((done) => endpoint.close(() => done()));
});

test('adds a webhook: a wrong endpoint and no event are explained, then the secret is shown once', async () => {
  const card = page.getByTestId('webhook');
  await expect(card.getByText('No webhook yet.')).toBeVisible();
  await expect(page.getByTestId('webhook-deliveries').getByText('No events sent yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add webhook' }).click();
  // Three events are ticked to start with.
  await expect(card.getByRole('checkbox', { name: /Profile updated/ })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: /App approved/ })).not.toBeChecked();
  await card.getByLabel('Endpoint URL').fill('http://hooks.example/omnia');
  for (const name of [/Profile updated/, /Account deleted/, /Access revoked/])
    await card.getByRole('checkbox', { name }).click();
  await card.getByRole('button', { name: 'Save webhook' }).click();
  await expect(
    card.getByText('The endpoint must be an absolute https URL (http only for localhost)'),
  ).toBeVisible();
  await expect(card.getByText('Choose at least one event')).toBeVisible();

  // A private address only the server can refuse: said under the field, as the rules above.
  await card.getByLabel('Endpoint URL').fill('https://10.0.0.1/hooks');
  await card.getByRole('checkbox', { name: /Access revoked/ }).click();
  await card.getByRole('button', { name: 'Save webhook' }).click();
  await expect(
    card.getByText('Use a public address: Omnia does not call private or local networks'),
  ).toBeVisible();
  await expect(card.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Failed to save the webhook')).toHaveCount(0);

  await card.getByLabel('Endpoint URL').fill(endpointUrl);
  await card.getByRole('checkbox', { name: /App approved/ }).click();
  await card.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByText('Webhook saved')).toBeVisible();
  const secret = card.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expect(card.getByTestId('webhook-url')).toHaveText(endpointUrl);
  await expect(card.getByTestId('webhook-events').getByRole('listitem')).toHaveText([
    'Access revoked',
    'App approved',
  ]);
  await card.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('webhook-url')).toHaveText(endpointUrl);
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
});

test('a test event reaches the endpoint and is listed; Re-send sends the same event again', async () => {
  await page.getByTestId('webhook').getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued')).toBeVisible();
  const deliveries = page.getByTestId('webhook-deliveries');
  const first = deliveries.getByRole('listitem').first();
  await expect(first).toContainText('Test event');
  await expect(first).toContainText('Delivered', { timeout: 15_000 });
  await expect(first).toContainText('Last answer: 200');
  await expect.poll(() => bodies.length).toBe(1);
  const eventId = (JSON.parse(bodies[0] ?? '{}') as { id: string }).id;
  await expect(first).toContainText(eventId);

  await first.getByRole('button', { name: /Re-send the Test event event/ }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect(deliveries.getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => bodies.length, { timeout: 15_000 }).toBe(2);
  expect((JSON.parse(bodies[1] ?? '{}') as { id: string }).id).toBe(eventId);
});

test('rotating the secret shows a new one and says until when the old one signs; removing ends it', async () => {
  const card = page.getByTestId('webhook');
  await card.getByRole('button', { name: 'Rotate signing secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await expect(dialog).toContainText('keeps signing too for 24 hours');
  await dialog.getByRole('button', { name: 'Rotate' }).click();
  await expect(card.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  await expect(card.getByText(/The previous signing secret also signs deliveries until/)).toBeVisible();
  // Only the last two secrets sign: rotating again now ends the previous one, and the dialog says so.
  await card.getByRole('button', { name: 'Rotate signing secret' }).click();
  const again = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await expect(again).toContainText('The secret replaced by the last rotation stops signing now, not on ');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await card.getByRole('button', { name: 'Remove webhook' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this webhook?' });
  await expect(remove).toContainText(endpointUrl);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Webhook removed')).toBeVisible();
  await expect(card.getByText('No webhook yet.')).toBeVisible();
  await expect(card.getByTestId('webhook-secret')).toHaveCount(0);
});
