import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { expect, type Page } from '@playwright/test';
import * as oidc from 'openid-client';
import { E2E_BASE_URL } from '../../playwright.config';
import { signUpThroughApi, uniqueEmail } from '../support/accounts';
import { e2eDataDir } from '../support/mail-dir.mjs';
import { verificationLinkFor } from './mail-link';

export const PASSWORD = 'correct horse battery staple';

/**
 * A verified account, signed in in this page's browser context: real sign-up over HTTP, then the
 * verification link from the mail, opened in the browser and its button pressed (it sets the
 * session cookie).
 */
export async function signUpInBrowser(page: Page, prefix = 'dev') {
  const email = uniqueEmail(prefix);
  await signUpThroughApi(page, email, PASSWORD);
  await page.goto(await verificationLinkFor(email));
  await page.getByRole('button', { name: 'Verify my email' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/callback');
  return { email };
}

/** A query-encoded value that keeps '/' readable, as the app writes returnTo. */
export const returnToParam = (path: string) => encodeURIComponent(path).replace(/%2F/g, '/');

export interface RegisteredClient {
  id: string;
  clientId: string;
  clientSecret: string;
}

/** The pages a registered app links by default (approval needs all three). */
export const APP_LINKS = {
  homepage: 'https://apps.example',
  privacy: 'https://apps.example/privacy',
  terms: 'https://apps.example/terms',
};

/** Registers an application through the UI and reads its credentials on the detail page. */
export async function registerClientInUi(
  page: Page,
  opts: {
    name: string;
    redirectUris: string[];
    description?: string;
    postLogoutUris?: string[];
    /** The app's homepage, privacy policy and terms (what approval needs); false leaves them blank. */
    links?: false | { homepage: string; privacy: string; terms: string };
    /** A kind of app other than a web application: only a service has a secret (else clientSecret is ''). */
    type?:
      | 'Single-page app'
      | 'Native or mobile app'
      | 'Device or command line'
      | 'Service (machine to machine)';
  },
): Promise<RegisteredClient> {
  await page.goto('/dev-program/oauth2/new');
  const typeName = opts.type?.replace(/[()]/g, '\\$&');
  if (typeName) await page.getByRole('radio', { name: new RegExp(`^${typeName}`) }).click();
  await page.getByLabel('Application Name').fill(opts.name);
  if (opts.description) await page.getByLabel(/Description/).fill(opts.description);
  for (const [i, uri] of opts.redirectUris.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Redirect URI' }).click();
    await page.getByLabel(`Redirect URI ${i + 1}`, { exact: true }).fill(uri);
  }
  for (const [i, uri] of (opts.postLogoutUris ?? []).entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Post-logout URI' }).click();
    await page.getByLabel(`Post-logout redirect URI ${i + 1}`, { exact: true }).fill(uri);
  }
  const links = opts.links ?? APP_LINKS;
  if (links) {
    await page.getByLabel('Homepage', { exact: true }).fill(links.homepage);
    await page.getByLabel('Privacy policy', { exact: true }).fill(links.privacy);
    await page.getByLabel('Terms of service', { exact: true }).fill(links.terms);
  }
  const service = opts.type === 'Service (machine to machine)';
  // A service asks for no person's scopes: its form has none.
  const email = page.getByRole('checkbox', { name: /email/ });
  if (!service && (await email.getAttribute('aria-checked')) !== 'true') await email.click();
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
  await expect(
    page.getByText('OAuth2 client registered successfully! Your application is pending approval.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go to Developer Dashboard' }).click();
  const card = page.getByTestId('client-card').filter({ hasText: opts.name });
  await card.getByRole('link', { name: 'View Details' }).click();
  await page.waitForURL(/\/dev-program\/oauth2\/clients\/[^/]+$/);
  await expect(page.getByRole('heading', { name: opts.name })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const clientId = (await page.getByTestId('client-id').textContent())?.trim() ?? '';
  expect(clientId).not.toBe('');
  if (opts.type && !service) {
    await expect(page.getByTestId('no-secret')).toBeVisible();
    return { id, clientId, clientSecret: '' };
  }
  await page.getByRole('button', { name: 'Show client secret' }).click();
  const secret = page.getByTestId('client-secret');
  await expect(secret).not.toHaveText(/^\u2022+$/);
  const clientSecret = (await secret.textContent())?.trim() ?? '';
  expect(clientId).not.toBe('');
  expect(clientSecret.length).toBeGreaterThan(20);
  return { id, clientId, clientSecret };
}

/** An openid-client relying party for this deployment (plain http on loopback in tests). */
/** Approves a client with the admin command line, as an operator would (`npm run admin`). */
export function approveClient(clientId: string) {
  const port = process.env.E2E_PORT ?? '3100';
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'clients', ...args], {
      env: { ...process.env, NODE_ENV: 'test', PORT: port, DATA_DIR: e2eDataDir(port), LOG_LEVEL: 'warn' },
      stdio: 'pipe',
      encoding: 'utf8',
    });
  // As an operator does: the list shows the app and its version, the approval names that version.
  const version = new RegExp(`^  ${clientId} version (\\S+):`, 'm').exec(admin('list'))?.[1];
  if (!version) throw new Error(`clients list does not show ${clientId} waiting for approval`);
  admin('approve', clientId, version);
}

export async function relyingParty(client: RegisteredClient) {
  return oidc.discovery(
    new URL(E2E_BASE_URL),
    client.clientId,
    client.clientSecret,
    oidc.ClientSecretPost(client.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
}

export async function authorizationRequest(config: oidc.Configuration, redirectUri: string, scope: string) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, state, codeVerifier };
}

/**
 * Catches the browser's arrival at a redirect URI with a real listener on its loopback port (the
 * relying party's side), answering a small page; resolves with the full callback URL. The port is
 * bound before this returns, so a redirect that follows at once still lands here.
 */
export function captureCallback(page: Page, redirectUri: string) {
  const target = new URL(redirectUri);
  const arrived = new Promise<URL>((resolve, reject) => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', target.origin);
      if (url.pathname !== target.pathname) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html', connection: 'close' });
      res.end('<h1>Relying party callback</h1>');
      server.close();
      resolve(url);
    });
    server.once('error', reject);
    server.listen(Number(target.port), target.hostname);
  });
  // Resolve once the page has committed to the callback, so the next navigation is not cut short.
  return arrived.then(async (url) => {
    await page.waitForURL((u) => u.origin === target.origin && u.pathname === target.pathname);
    return url;
  });
}
